//! Campaign writes whose answers are lost, against sandboxes on loopback
//! that carry a write out and cut its answer, or cut every connection
//! before the service acts: a launch is done only when the campaign made
//! the move asked for, the other changes are read back, and what cannot be
//! read back (a test, a resend) is reported unknown and never sent twice.

use api::campaigns::CampaignStatus;
use desk::campaigns::{self, CampaignState};
use desk::error::Action;
use desk::DeskError;

use crate::common::lost_answers as lost;

fn unknown(result: Result<impl std::fmt::Debug, DeskError>, action: impl Into<Action>) {
    let action = action.into();
    match result {
        Err(DeskError::OutcomeUnknown { action: said, .. }) if said == action => {}
        other => panic!("{action:?} must be reported unknown, not {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_launch_whose_answer_was_lost_counts_only_if_the_campaign_made_the_move_asked_for() {
    let store = lost::store().await;
    let a = &store.account;
    let service = store.serve(lost::applied_then_dropped()).await;
    let session = lost::session(&service);
    let client = lost::client(&service);

    campaigns::launch(&session, a.draft, None).await.expect("read back: in moderation or on its way");
    assert!(matches!(
        lost::status(&client, a.draft).await,
        CampaignStatus::Moderating | CampaignStatus::Processing | CampaignStatus::Sent
    ));

    let returned = campaigns::launch(&session, a.returned, None).await;
    assert_eq!(
        returned,
        Err(DeskError::NotDone {
            action: desk::campaigns::Action::LaunchCampaign.into(),
            state: Some(CampaignState::NeedsFix),
            delivery_time: None
        }),
        "moderation returned it: not sent"
    );

    let later = lost::tomorrow_at(15);
    campaigns::launch(&session, a.spare, Some(&later)).await.expect("read back: scheduled at that very time");
    assert_eq!(lost::status(&client, a.spare).await, CampaignStatus::Schedule);

    let elsewhere = campaigns::launch(&session, a.scheduled, Some(&later)).await;
    assert_eq!(
        elsewhere,
        Err(DeskError::NotDone {
            action: desk::campaigns::Action::LaunchCampaign.into(),
            state: Some(CampaignState::Scheduled),
            delivery_time: Some(format!("{}:00", a.scheduled_for)),
        }),
        "set for another time: not scheduled as asked"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_launch_cut_off_before_the_service_acted_and_not_readable_stays_unknown() {
    let store = lost::store().await;
    let a = &store.account;
    let service = store.serve(lost::dropped()).await;
    unknown(campaigns::launch(&lost::session(&service), a.draft, None).await, desk::campaigns::Action::LaunchCampaign);
    unknown(
        campaigns::launch(&lost::session(&service), a.spare, Some(&lost::tomorrow_at(15))).await,
        desk::campaigns::Action::LaunchCampaign,
    );
    service.stop().await;
    let healthy = store.serve(Default::default()).await;
    assert_eq!(
        lost::status(&lost::client(&healthy), a.draft).await,
        CampaignStatus::Draft,
        "it never reached the service"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_test_send_whose_answer_was_lost_is_unknown() {
    let store = lost::store().await;
    let a = &store.account;
    let to = vec![lost::READERS[1].to_string()];
    for faults in [lost::applied_then_dropped(), lost::dropped()] {
        let service = store.serve(faults).await;
        unknown(campaigns::send_test(&lost::session(&service), a.draft, &to).await, desk::campaigns::Action::SendTest);
        service.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_resend_whose_answer_was_lost_is_unknown_and_made_once() {
    let store = lost::store().await;
    let a = &store.account;
    let service = store.serve(lost::applied_then_dropped()).await;
    let session = lost::session(&service);
    let before = campaigns::all(&session).await.unwrap().campaigns.len();
    unknown(campaigns::resend_unopened(&session, a.sent).await, desk::campaigns::Action::ResendCampaign);
    assert_eq!(campaigns::all(&session).await.unwrap().campaigns.len(), before + 1, "one resend, never a second");
    service.stop().await;

    let service = store.serve(lost::dropped()).await;
    unknown(
        campaigns::resend_unopened(&lost::session(&service), a.sent).await,
        desk::campaigns::Action::ResendCampaign,
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn pause_resume_and_back_to_the_drafts_are_settled_by_the_campaigns_state() {
    let store = lost::store().await;
    let a = &store.account;
    let service = store.serve(lost::applied_then_dropped()).await;
    let session = lost::session(&service);
    let client = lost::client(&service);
    campaigns::pause(&session, a.gradual).await.expect("read back: paused");
    assert_eq!(lost::status(&client, a.gradual).await, CampaignStatus::Paused);
    campaigns::resume(&session, a.gradual).await.expect("read back: sending again");
    assert_eq!(lost::status(&client, a.gradual).await, CampaignStatus::Processing);
    campaigns::unschedule(&session, a.scheduled).await.expect("read back: a draft again");
    assert_eq!(lost::status(&client, a.scheduled).await, CampaignStatus::Draft);
    service.stop().await;

    let service = store.serve(lost::dropped()).await;
    let session = lost::session(&service);
    unknown(campaigns::pause(&session, a.gradual).await, desk::campaigns::Action::PauseCampaign);
    unknown(campaigns::resume(&session, a.gradual).await, desk::campaigns::Action::ResumeCampaign);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_campaign_created_while_the_answer_was_lost_is_found_by_its_name() {
    let store = lost::store().await;
    let a = &store.account;
    let service = store.serve(lost::applied_then_dropped()).await;
    let session = lost::session(&service);
    // The Campaigns page has listed them before its New is pressed.
    campaigns::all(&session).await.unwrap();
    let id = campaigns::create(&session, "  Осень ", a.list_id).await.expect("found by its name");
    let named: Vec<_> =
        campaigns::all(&session).await.unwrap().campaigns.into_iter().filter(|c| c.name == "Осень").collect();
    assert_eq!(named.iter().map(|c| (c.id, c.state)).collect::<Vec<_>>(), [(id, CampaignState::Draft)]);
    // Another of the same name is told apart from the first.
    let second = campaigns::create(&session, "Осень", a.list_id).await.unwrap();
    assert_ne!(second, id);
    // A session that never listed them cannot tell a new one from an old one.
    let unlisted = campaigns::create(&lost::session(&service), "Осень", a.list_id).await;
    unknown(unlisted, desk::campaigns::Action::CreateCampaign);
    service.stop().await;

    // Cut off, nothing can be read back either: the create stays unknown.
    let service = store.serve(lost::dropped()).await;
    let session = lost::session(&service);
    let cut = campaigns::create(&session, "Зима 2", a.list_id).await;
    unknown(cut, desk::campaigns::Action::CreateCampaign);
}
