//! The Campaigns area's list against the demo sandbox on loopback: the
//! campaigns by state and folder, a copy, a move into a new folder and out
//! again, and a delete.

use desk::campaigns::{self, CampaignState, FolderChoice};

use crate::common::{demo, letters};

#[tokio::test(flavor = "multi_thread")]
async fn campaigns_are_listed_copied_moved_and_deleted() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("campaigns").await;
    let view = campaigns::all(&session).await.unwrap();
    assert!(view.campaigns.iter().any(|c| c.state == CampaignState::Sent && c.sent > 0), "{:?}", view.campaigns);
    assert!(view.campaigns.iter().all(|c| c.state != CampaignState::Sent || c.delivery_time.is_some()));
    let sent = view.campaigns.iter().find(|c| c.state == CampaignState::Sent).unwrap().clone();

    let copy_id = campaigns::copy(&session, sent.id).await.unwrap();
    let view = campaigns::all(&session).await.unwrap();
    let copy = view.campaigns.iter().find(|c| c.id == copy_id).expect("the copy is listed");
    assert_eq!(copy.state, CampaignState::Draft);
    assert_eq!((copy.sent, copy.subject.clone()), (0, sent.subject.clone()), "a draft with the same content");

    let new_folder = FolderChoice::New { name: "  Весна 2026 ".into() };
    campaigns::move_to(&session, copy_id, &new_folder).await.unwrap();
    let view = campaigns::all(&session).await.unwrap();
    let folder = view.folders.iter().find(|f| f.name == "Весна 2026").expect("the new folder, its name trimmed");
    assert_eq!(view.campaigns.iter().find(|c| c.id == copy_id).unwrap().folder_id, Some(folder.id));
    campaigns::move_to(&session, copy_id, &FolderChoice::Existing { folder_id: 0 }).await.unwrap();
    let view = campaigns::all(&session).await.unwrap();
    assert_eq!(view.campaigns.iter().find(|c| c.id == copy_id).unwrap().folder_id, None, "out of every folder");

    campaigns::delete(&session, copy_id).await.unwrap();
    let view = campaigns::all(&session).await.unwrap();
    assert!(view.campaigns.iter().all(|c| c.id != copy_id), "deleted");
    assert!(view.campaigns.iter().any(|c| c.id == sent.id), "the original stays");
    let again = campaigns::delete(&session, copy_id).await;
    assert!(again.is_err(), "a campaign deleted already is refused: {again:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sent_campaign_goes_again_to_those_who_did_not_open_it_and_a_scheduled_one_back_to_the_drafts() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("campaign-lifecycle").await;
    let view = campaigns::all(&session).await.unwrap();
    let sent = view.campaigns.iter().find(|c| c.state == CampaignState::Sent).unwrap().clone();
    let unopened = campaigns::unopened(&session, sent.id).await.unwrap();
    assert!(0 < unopened && unopened < sent.sent, "{unopened} of {} did not open", sent.sent);

    let resend = campaigns::resend_unopened(&session, sent.id).await.unwrap();
    let reach = campaigns::reach(&session, resend).await.unwrap();
    assert_eq!(
        reach,
        campaigns::Reach { count: unopened, approximate: false },
        "the service's count is the question's"
    );
    let view = campaigns::all(&session).await.unwrap();
    let row = view.campaigns.iter().find(|c| c.id == resend).expect("the resend is listed");
    assert_ne!(row.state, CampaignState::Draft, "on its way: {:?}", row.state);

    let draft = view.campaigns.iter().find(|c| c.state == CampaignState::Draft).unwrap().clone();
    let tomorrow = (chrono::Local::now() + chrono::Duration::days(1)).format("%Y-%m-%dT%H:%M").to_string();
    let mut opened = campaigns::open(&session, draft.id).await.unwrap();
    opened.saved.html = format!(r#"{}<a id="unsub_link" href="%ОТПИСАТЬСЯ%">x</a>"#, opened.saved.html);
    opened.saved.subject = "Завтра".into();
    opened.saved.from_name = "Northwind".into();
    opened.saved.from_email = "news@northwind.example".into();
    campaigns::save(&session, draft.id, 1, &opened.saved).await.unwrap();
    campaigns::launch(&session, draft.id, Some(&tomorrow)).await.unwrap();
    let state = |id| {
        let session = session.clone();
        async move { campaigns::all(&session).await.unwrap().campaigns.into_iter().find(|c| c.id == id).unwrap().state }
    };
    assert_eq!(state(draft.id).await, CampaignState::Scheduled);
    campaigns::unschedule(&session, draft.id).await.unwrap();
    assert_eq!(state(draft.id).await, CampaignState::Draft, "back among the drafts");
    let pausing = campaigns::pause(&session, draft.id).await;
    assert!(pausing.is_err(), "a draft is not sending, so it cannot pause: {pausing:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_amp_version_options_segment_and_attachments_are_kept_and_the_preview_is_personal() {
    use desk::campaigns::{Gradual, SendingOptions, Utm};
    use desk::letter::{Segment, SegmentCondition, SegmentField, SegmentOp};
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("campaign-options").await;
    let draft = campaigns::all(&session).await.unwrap().campaigns.into_iter().find(|c| c.state == CampaignState::Draft);
    let id = draft.unwrap().id;
    let opened = campaigns::open(&session, id).await.unwrap();
    assert_eq!(opened.saved.options, SendingOptions::default(), "tracked, no labels, no limit");
    let list_id = opened.context.lists.iter().find(|l| l.name == "Newsletter").unwrap().id;
    let changed = desk::campaigns::CampaignDraft {
        list_ids: vec![list_id],
        html: r#"<p>Привет, %NAME%!</p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#.into(),
        amp: r#"<html ⚡4email><body><p>AMP</p></body></html>"#.into(),
        options: SendingOptions {
            track_opens: false,
            track_clicks: true,
            utm: Some(Utm { source: "email".into(), medium: "newsletter".into(), campaign: "winter".into() }),
            gradual: Some(Gradual { messages: 500, minutes: 30 }),
            in_subscriber_time_zone: true,
            best_time: true,
        },
        segment: Some(Segment {
            match_all: false,
            conditions: vec![SegmentCondition { field: SegmentField::Email, op: SegmentOp::Ends, value: ".ru".into() }],
        }),
        ..opened.saved.clone()
    };
    let check = campaigns::check_draft(&changed, &opened.context).unwrap();
    let amp = check.items.iter().find(|i| i.version == Some(desk::letter::Version::Amp));
    assert_eq!(amp.map(|i| i.outcome), Some(desk::letter::Outcome::Fail), "the AMP version lacks its link");
    campaigns::save(&session, id, 1, &changed).await.unwrap();
    assert_eq!(campaigns::open(&session, id).await.unwrap().saved, changed, "every option read back as written");
    let everyone = desk::campaigns::CampaignDraft { segment: None, options: SendingOptions::default(), ..changed };
    campaigns::save(&session, id, 2, &everyone).await.unwrap();
    assert_eq!(campaigns::open(&session, id).await.unwrap().saved, everyone, "lifted again");

    let member = desk::lists::subscribers(
        &session,
        &desk::lists::SubscriberQuery {
            filter: desk::lists::SubscriberFilter { list_id, ..Default::default() },
            start: 0,
            limit: 1,
        },
    )
    .await
    .unwrap()
    .rows
    .remove(0);
    let name = member.values.get(&1).cloned().unwrap_or_default();
    let personal = campaigns::preview_as(&session, id, &member.email, false).await.unwrap().expect("found");
    assert!(!name.is_empty() && personal.html.contains(&format!("Привет, {name}!")), "{}", personal.html);
    assert_eq!(campaigns::preview_as(&session, id, "nobody@nowhere.example", false).await.unwrap(), None);

    let file = campaigns::attach(&session, id, "https://files.example/menu.pdf", "Меню.pdf").await.unwrap();
    let files = campaigns::attachments(&session, id).await.unwrap();
    assert_eq!(files.iter().map(|f| (f.id, f.name.as_str())).collect::<Vec<_>>(), [(file, "Меню.pdf")]);
    assert!(campaigns::attach(&session, id, "file:///etc/passwd", "").await.is_err(), "only web addresses");
    campaigns::detach(&session, id, file).await.unwrap();
    assert!(campaigns::attachments(&session, id).await.unwrap().is_empty());
}

/// A letter made of blocks goes to the service as the HTML they render to,
/// comes back as the same blocks, launches (the service finds its
/// unsubscribe link: no code 18), and once its HTML is changed elsewhere
/// opens as HTML with the reason.
#[tokio::test(flavor = "multi_thread")]
async fn a_block_letter_is_saved_opened_as_blocks_launched_and_an_edited_one_opens_as_html() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("campaign-blocks").await;
    let draft = campaigns::all(&session).await.unwrap().campaigns.into_iter().find(|c| c.state == CampaignState::Draft);
    let id = draft.unwrap().id;
    let opened = campaigns::open(&session, id).await.unwrap();
    let list_id = opened.context.lists.iter().find(|l| l.name == "Newsletter").unwrap().id;
    let letter = letters::greeting("Здравствуйте, ");
    let changed = campaigns::CampaignDraft {
        list_ids: vec![list_id],
        subject: "Блоки".into(),
        from_name: "Northwind".into(),
        from_email: "news@northwind.example".into(),
        html: String::new(),
        blocks: Some(letter.clone()),
        ..opened.saved.clone()
    };
    campaigns::save(&session, id, 1, &changed).await.unwrap();
    let service = api::campaigns::get(session.client(), id).await.unwrap();
    let html = service.html.or_empty();
    assert!(
        html.contains(r#"id="unsub_link""#) && html.contains("%NAME%"),
        "the service has the rendered HTML: {html}"
    );
    let reopened = campaigns::open(&session, id).await.unwrap();
    assert_eq!(reopened.saved.blocks, Some(letter), "opened as the same blocks");
    assert_eq!((reopened.saved.html.as_str(), reopened.blocks_edited_elsewhere), ("", false));

    let copy = campaigns::copy(&session, id).await.unwrap();
    assert!(campaigns::open(&session, copy).await.unwrap().saved.blocks.is_some(), "a copy opens as blocks too");

    let edited = api::campaigns::CampaignContent {
        html: Some(html.replacen("Здравствуйте", "Добрый день", 1)),
        ..api::campaigns::CampaignContent::default()
    };
    api::campaigns::update(session.client(), copy, &edited).await.unwrap();
    let opened_copy = campaigns::open(&session, copy).await.unwrap();
    assert_eq!(opened_copy.saved.blocks, None, "never silently rebuilt from blocks that no longer say it");
    assert!(opened_copy.blocks_edited_elsewhere && opened_copy.saved.html.contains("Добрый день"));
    assert!(!opened_copy.made_in_service_builder && !reopened.made_in_service_builder);

    // A letter the service's own builder made keeps its blocks there: it opens as its HTML, and says so.
    let built = campaigns::copy(&session, id).await.unwrap();
    let path = [String::from("campaigns"), built.to_string()];
    session
        .client()
        .put(&path, serde_json::json!({"type": "online_builder", "html": "<p>Собрано в конструкторе</p>"}))
        .await
        .unwrap();
    let opened_built = campaigns::open(&session, built).await.unwrap();
    assert!(opened_built.made_in_service_builder, "the service's builder made it");
    assert_eq!(
        (opened_built.saved.html.as_str(), opened_built.saved.blocks.is_none()),
        ("<p>Собрано в конструкторе</p>", true)
    );

    campaigns::launch(&session, id, None)
        .await
        .expect("the service takes a block letter: its unsubscribe link is found");
}
