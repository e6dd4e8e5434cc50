//! The Reports area's counting of opens, against a sandbox on loopback:
//! what is counted is kept on disk and outlives a restart, the campaigns
//! that went out last are counted ahead, and opens counted bit by bit while
//! a campaign goes out add up to one count of them all.

use desk::reports::{self, ChartTheme};
use desk::Desk;

use crate::common::chart_words;
use crate::common::demo;
use chart_words::russian as words;

#[tokio::test(flavor = "multi_thread")]
async fn counted_opens_outlive_a_restart_and_only_what_came_since_is_read_again() {
    let demo::Demo { session, desk, dir } = demo::open("kept-counts").await;
    let sent = reports::campaigns(&session).await.unwrap().into_iter().max_by_key(|c| c.sent).unwrap();
    let heard = std::sync::Mutex::new(Vec::new());
    let hear = |read: desk::work::Progress| heard.lock().unwrap().push(read.done);
    let first = reports::open_details(&session, sent.id, ChartTheme::Light, &words(), hear).await.unwrap();
    let read_first = std::mem::take(&mut *heard.lock().unwrap());
    assert!(read_first.windows(2).all(|w| w[0] <= w[1]), "the opens read, as they grow: {read_first:?}");
    let read_first = *read_first.last().expect("told how many opens were read");
    assert!(read_first > 0);
    let file = dir.path().join("counted").join("demo").join(format!("{}.json", sent.id));
    assert!(file.exists(), "what is final is kept on disk");
    drop((session, desk));

    // A mark in what was kept: a restart that uses it shows it in its
    // figures; one that read every open again, or counted one twice, would not.
    let mut kept: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let machine_opens = &mut kept["counted"]["opens"]["counted"]["machine_opens"];
    *machine_opens = (machine_opens.as_i64().expect("the kept count of machines' opens") + 1000).into();
    std::fs::write(&file, serde_json::to_vec(&kept).unwrap()).unwrap();
    let desk = Desk::new(dir.path().into(), desk::secrets::Secrets::with_service("campaign-desk-kept-counts-test"));
    desk.open_account("demo").await.unwrap();
    let session = desk.session().await.unwrap();
    let again = reports::open_details(&session, sent.id, ChartTheme::Light, &words(), hear).await.unwrap();
    let read_again = heard.lock().unwrap().last().copied().unwrap();
    assert!(read_again < read_first, "only what came since is read: {read_again} of {read_first}");
    assert_eq!(again.openers.machine_opens, first.openers.machine_opens + 1000, "the kept count, and only it");
    assert_eq!(
        (again.openers.by_people, again.openers.by_machines_only),
        (first.openers.by_people, first.openers.by_machines_only)
    );
    assert_eq!(again.devices, first.devices);

    // A kept count of another sending of the campaign is not this one's.
    kept["sent_at"] = "2001-01-01 00:00:00".into();
    std::fs::write(&file, serde_json::to_vec(&kept).unwrap()).unwrap();
    let desk = Desk::new(dir.path().into(), desk::secrets::Secrets::with_service("campaign-desk-kept-counts-test"));
    desk.open_account("demo").await.unwrap();
    let fresh = reports::open_details(&desk.session().await.unwrap(), sent.id, ChartTheme::Light, &words(), |_| ())
        .await
        .unwrap();
    assert_eq!(fresh.openers, first.openers, "counted anew");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_campaigns_that_went_out_last_are_counted_ahead_once_the_account_opens() {
    let demo::Demo { session, desk, dir } = demo::open("ahead").await;
    // Far faster than the app's pace in the background, which would take minutes.
    session.pace_background(std::time::Duration::from_millis(20));
    let sent = reports::campaigns(&session).await.unwrap();
    assert!(!sent.is_empty());
    let kept = |id: i64| dir.path().join("counted").join("demo").join(format!("{id}.json"));
    let ahead: Vec<i64> = sent.iter().take(5).map(|c| c.id).collect();
    let waited = std::time::Instant::now();
    while !ahead.iter().all(|id| kept(*id).exists()) {
        assert!(
            waited.elapsed() < std::time::Duration::from_secs(60),
            "no dashboard opened, yet these are counted: {ahead:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(sent.iter().skip(5).all(|c| !kept(c.id).exists()), "only the five that went out last");

    // Marked, then opened after a restart: the dashboard shows the count
    // kept ahead (and what came since), which is what counting anew gives.
    for id in &ahead {
        let mut file: serde_json::Value = serde_json::from_slice(&std::fs::read(kept(*id)).unwrap()).unwrap();
        let machine_opens = &mut file["counted"]["opens"]["counted"]["machine_opens"];
        *machine_opens = (machine_opens.as_i64().expect("a count of machines' opens") + 1000).into();
        std::fs::write(kept(*id), serde_json::to_vec(&file).unwrap()).unwrap();
    }
    drop((session, desk));
    let desk = Desk::new(dir.path().into(), desk::secrets::Secrets::with_service("campaign-desk-ahead-test"));
    desk.open_account("demo").await.unwrap();
    let session = desk.session().await.unwrap();
    let counting_anew = desk::Session::for_client(session.client().clone());
    for id in ahead {
        let shown = reports::open_details(&session, id, ChartTheme::Light, &words(), |_| ()).await.unwrap();
        let anew = reports::open_details(&counting_anew, id, ChartTheme::Light, &words(), |_| ()).await.unwrap();
        assert_eq!(
            shown.openers.machine_opens,
            anew.openers.machine_opens + 1000,
            "campaign {id}: the count kept ahead"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn opens_counted_bit_by_bit_while_a_campaign_goes_out_equal_one_count_of_them_all() {
    use api::campaigns::{self, CampaignContent, CampaignStatus};
    use std::time::{Duration, Instant};
    // An hour of the campaign's life passes in a fifth of a second; its opens
    // come over a few seconds (the same ones every run: the sandbox's seed is fixed).
    let config = sandbox::Config { clock_speed: 20_000.0, ..sandbox::Config::new("counting-key") };
    let service = sandbox::start(config).await.unwrap();
    let client = api::Client::new(&service.base_url(), api::ApiKey::new("counting-key")).unwrap();
    let list_id = api::lists::create(&client, &api::lists::NewList { name: "Readers".into(), ..Default::default() })
        .await
        .unwrap();
    let readers: Vec<api::members::NewMember> = (0..600)
        .map(|n| api::members::NewMember { email: format!("reader{n}@mail{}.example", n % 7), ..Default::default() })
        .collect();
    api::members::add_batch(&client, list_id, &readers, Default::default()).await.unwrap();
    let content = CampaignContent {
        list_ids: Some(vec![list_id]),
        name: Some("Counted".into()),
        subject: Some("Counted".into()),
        from_name: Some("Shop".into()),
        from_email: Some("shop@shop.example".into()),
        html: Some(r#"<a href="https://shop.example/a">A</a><a id="unsub_link" href="%ОТПИСАТЬСЯ%">U</a>"#.into()),
        ..Default::default()
    };
    let id = campaigns::create(&client, &content).await.unwrap();
    campaigns::launch(&client, id).await.unwrap();

    // The dashboard kept open: its details read again and again as opens
    // come in. This sandbox's events are in its reports the moment they
    // happen, and its clock runs fast: a second's lag is plenty, so what is
    // counted settles read after read.
    let watching = desk::Session::for_client(client.clone()).with_report_lag(Duration::from_secs(1));
    let mut reads = 0;
    let mut sent_at = None;
    while sent_at.is_none_or(|at: Instant| at.elapsed() < Duration::from_secs(8)) {
        reports::open_details(&watching, id, ChartTheme::Light, &words(), |_| ()).await.unwrap();
        reads += 1;
        if sent_at.is_none() && campaigns::get(&client, id).await.unwrap().status == CampaignStatus::Sent {
            sent_at = Some(Instant::now());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let kept = reports::open_details(&watching, id, ChartTheme::Light, &words(), |_| ()).await.unwrap();
    // Weeks later in the campaign's time: nothing comes any more; a fresh
    // session reads every open at once.
    let fresh = reports::open_details(&desk::Session::for_client(client), id, ChartTheme::Light, &words(), |_| ())
        .await
        .unwrap();
    assert!(reads > 20, "read while the opens came in: {reads} times");
    assert!(fresh.openers.by_people > 100 && fresh.openers.by_machines_only > 0, "{:?}", fresh.openers);
    assert_eq!(kept.openers, fresh.openers, "no open counted twice or lost");
    assert_eq!(kept.counts, fresh.counts);
    for (kept, fresh) in [
        (&kept.devices, &fresh.devices),
        (&kept.modes, &fresh.modes),
        (&kept.browsers, &fresh.browsers),
        (&kept.bounce_categories, &fresh.bounce_categories),
    ] {
        assert_eq!(kept.marks, fresh.marks);
    }
    service.stop().await;
}
