//! What the campaign editor keeps on this computer while a save is on its
//! way to a slow service: the typing that lands meanwhile stays kept, and is
//! offered back over what the service has.

use api::{ApiKey, Client};
use desk::campaigns::{self, CampaignDraft, CampaignState};
use desk::Session;
use sandbox::faults::Faults;
use std::path::Path;
use std::time::Duration;

const KEY: &str = "drafts-key";

/// Waits until the kept file holds `text`.
async fn kept_holds(file: &Path, text: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !std::fs::read_to_string(file).is_ok_and(|kept| kept.contains(text)) {
        assert!(tokio::time::Instant::now() < deadline, "{text} never kept in {}", file.display());
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn typing_that_lands_while_a_save_is_on_its_way_stays_kept() {
    let slow = Faults { latency: Duration::from_millis(1500), ..Faults::default() };
    let service =
        sandbox::start(sandbox::Config { demo: true, faults: slow, ..sandbox::Config::new(KEY) }).await.unwrap();
    let drafts = tempfile::tempdir().unwrap();
    let client = Client::new(&service.base_url(), ApiKey::new(KEY)).unwrap();
    let session = Session::for_client(client).keeping_drafts_in(drafts.path().to_path_buf());
    let listed = campaigns::all(&session).await.unwrap().campaigns;
    let id = listed.iter().find(|c| c.state == CampaignState::Draft).expect("a draft in the demo").id;
    let opened = campaigns::open(&session, id).await.unwrap();
    let first = CampaignDraft { subject: "Gifts they open first".into(), ..opened.saved.clone() };
    let more = CampaignDraft { subject: "Gifts they open first, wrapped by us".into(), ..first.clone() };

    let saving = tokio::spawn({
        let (session, first) = (session.clone(), first.clone());
        async move { campaigns::save(&session, id, 1, &first).await }
    });
    // The save keeps what it saves, then waits on the service.
    let kept = drafts.path().join(format!("{id}.json"));
    kept_holds(&kept, "Gifts they open first").await;
    campaigns::keep_draft(&session, id, 2, &more).await.unwrap();
    saving.await.unwrap().unwrap();

    let reopened = campaigns::open(&session, id).await.unwrap();
    assert_eq!(reopened.saved.subject, first.subject, "the service has what was saved");
    assert_eq!(reopened.unsaved, Some(more), "what was typed meanwhile is still kept");
    assert_eq!(reopened.unreadable_draft, None);

    // A kept draft cut short (a disk that filled up) is reported and kept aside.
    std::fs::write(&kept, r#"{"subject": "Gifts they"#).unwrap();
    let damaged = campaigns::open(&session, id).await.unwrap();
    assert_eq!(damaged.unsaved, None);
    let aside = damaged.unreadable_draft.expect("the user is told");
    assert!(aside.ends_with(".unreadable"), "{aside}");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), r#"{"subject": "Gifts they"#, "nothing lost");
    service.stop().await;
}
