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
