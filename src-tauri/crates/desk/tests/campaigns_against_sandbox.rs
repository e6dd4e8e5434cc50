//! The Campaigns area's list against the demo sandbox on loopback: the
//! campaigns by state and folder, a copy, a move into a new folder and out
//! again, and a delete.

use desk::campaigns::{self, CampaignState, FolderChoice};

#[path = "common/demo.rs"]
mod demo;

#[tokio::test(flavor = "multi_thread")]
async fn campaigns_are_listed_copied_moved_and_deleted() {
    let demo::Demo { session, desk: _desk, .. } = demo::open("campaigns").await;
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
    let demo::Demo { session, desk: _desk, .. } = demo::open("campaign-lifecycle").await;
    let view = campaigns::all(&session).await.unwrap();
    let sent = view.campaigns.iter().find(|c| c.state == CampaignState::Sent).unwrap().clone();
    let unopened = campaigns::unopened(&session, sent.id).await.unwrap();
    assert!(0 < unopened && unopened < sent.sent, "{unopened} of {} did not open", sent.sent);

    let resend = campaigns::resend_unopened(&session, sent.id).await.unwrap();
    assert_eq!(campaigns::reach(&session, resend).await.unwrap(), unopened, "the service's count is the question's");
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
    campaigns::save(&session, draft.id, &opened.saved).await.unwrap();
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
