//! Every member operation of the client against a live sandbox, with the
//! documented rules and codes.

use crate::common;

use campaign_desk_api::lists::{self, NewList};
use campaign_desk_api::members::{self, AddOptions, MemberChanges, MemberQuery, MemberState, NewMember};
use campaign_desk_api::Client;

async fn list(client: &Client, name: &str) -> i64 {
    lists::create(client, &NewList { name: name.into(), ..NewList::default() }).await.unwrap()
}

fn member(email: &str, first_name: &str) -> NewMember {
    let mut m = NewMember { email: email.into(), ..NewMember::default() };
    m.merges.set(1, first_name);
    m
}

#[tokio::test]
async fn add_get_update_and_delete_a_member() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client, "L").await;
    let member_id = members::add(&client, id, &member("ann@example.com", "Ann"), AddOptions::default()).await.unwrap();
    let got = members::get(&client, id, "ann@example.com").await.unwrap();
    assert_eq!((*got.id, got.state, got.merges.get(1)), (member_id, MemberState::Active, Some("Ann")));
    let mut changes = MemberChanges::default();
    changes.merges.set(2, "Lee");
    changes.gender = Some("f".into());
    members::update(&client, id, "ann@example.com", &changes).await.unwrap();
    let got = members::get(&client, id, "ann@example.com").await.unwrap();
    assert_eq!((got.merges.get(1), got.merges.get(2), got.gender.as_deref()), (Some("Ann"), Some("Lee"), Some("f")));
    members::delete(&client, id, "ann@example.com", member_id).await.unwrap();
    let err = members::get(&client, id, "ann@example.com").await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(404), Some(9)));
}

#[tokio::test]
async fn addresses_with_plus_signs_travel_in_the_path() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client, "L").await;
    members::add(&client, id, &member("a+b@example.com", "Plus"), AddOptions::default()).await.unwrap();
    assert_eq!(members::get(&client, id, "a+b@example.com").await.unwrap().email, "a+b@example.com");
}

#[tokio::test]
async fn an_invalid_address_is_code_6_and_a_duplicate_code_7_unless_updating() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client, "L").await;
    let err = members::add(&client, id, &member("nope", "X"), AddOptions::default()).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(422), Some(6)));
    let first = members::add(&client, id, &member("b@example.com", "B"), AddOptions::default()).await.unwrap();
    let err = members::add(&client, id, &member("b@example.com", "B2"), AddOptions::default()).await.unwrap_err();
    assert_eq!(err.code(), Some(7));
    let update = AddOptions { update: true, ..AddOptions::default() };
    assert_eq!(members::add(&client, id, &member("b@example.com", "B2"), update).await.unwrap(), first);
    assert_eq!(members::get(&client, id, "b@example.com").await.unwrap().merges.get(1), Some("B2"));
}

#[tokio::test]
async fn adding_to_a_missing_list_is_404_code_5() {
    let (_sandbox, client) = common::sandbox().await;
    let err = members::add(&client, 404, &member("c@example.com", "C"), AddOptions::default()).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(404), Some(5)));
}

#[tokio::test]
async fn the_same_address_is_a_separate_record_in_each_list() {
    let (_sandbox, client) = common::sandbox().await;
    let (a, b) = (list(&client, "A").await, list(&client, "B").await);
    let in_a = members::add(&client, a, &member("d@example.com", "D"), AddOptions::default()).await.unwrap();
    let in_b = members::add(&client, b, &member("d@example.com", "D"), AddOptions::default()).await.unwrap();
    assert_ne!(in_a, in_b);
    let everywhere = members::find(&client, "d@example.com").await.unwrap();
    let mut lists: Vec<i64> = everywhere.iter().map(|m| *m.list_id).collect();
    lists.sort();
    assert_eq!(lists, [a, b]);
}

#[tokio::test]
async fn batch_adds_answer_ids_in_order() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client, "L").await;
    let batch: Vec<NewMember> = (0..250).map(|n| member(&format!("p{n}@example.com"), &format!("P{n}"))).collect();
    let ids = members::add_batch(&client, id, &batch, AddOptions::default()).await.unwrap();
    assert_eq!(ids.len(), 250);
    let third = members::get(&client, id, "p2@example.com").await.unwrap();
    assert_eq!(third.id, ids[2]);
    let bad = vec![member("ok@example.com", "Ok"), member("broken", "Bad")];
    let err = members::add_batch(&client, id, &bad, AddOptions::default()).await.unwrap_err();
    assert_eq!(err.code(), Some(6));
    assert!(err.to_string().contains("broken"), "{err}");
    assert_eq!(members::get(&client, id, "ok@example.com").await.unwrap_err().code(), Some(9), "all or nothing");
}

#[tokio::test]
async fn pages_walk_the_whole_list_with_has_more() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client, "L").await;
    let batch: Vec<NewMember> = (0..23).map(|n| member(&format!("m{n:02}@example.com"), "M")).collect();
    members::add_batch(&client, id, &batch, AddOptions::default()).await.unwrap();
    let mut pager = members::list(&client, id, &MemberQuery::default()).page_size(10);
    let mut sizes = Vec::new();
    let mut more = Vec::new();
    while let Some(page) = pager.next_page().await.unwrap() {
        sizes.push(page.items.len());
        more.push(page.has_more);
    }
    assert_eq!((sizes, more), (vec![10, 10, 3], vec![true, true, false]));
    let query = MemberQuery { order: Some("email desc".into()), ..MemberQuery::default() };
    let all = members::list(&client, id, &query).page_size(7).collect_all().await.unwrap();
    assert_eq!(all.len(), 23);
    assert_eq!(all[0].email, "m22@example.com");
}

#[tokio::test]
async fn unsubscribing_in_one_list_leaves_the_others_and_blocks_resubscribing() {
    let (_sandbox, client) = common::sandbox().await;
    let (a, b) = (list(&client, "A").await, list(&client, "B").await);
    for l in [a, b] {
        members::add(&client, l, &member("e@example.com", "E"), AddOptions::default()).await.unwrap();
    }
    assert_eq!(members::unsubscribe(&client, a, "e@example.com").await.unwrap(), 1);
    assert_eq!(members::get(&client, a, "e@example.com").await.unwrap().state, MemberState::Unsubscribed);
    assert_eq!(members::get(&client, b, "e@example.com").await.unwrap().state, MemberState::Active);
    let unsubscribed = lists::unsubscribed(&client, a, None).collect_all().await.unwrap();
    assert_eq!(unsubscribed.iter().map(|m| m.email.as_str()).collect::<Vec<_>>(), ["e@example.com"]);
    assert!(lists::unsubscribed(&client, b, None).collect_all().await.unwrap().is_empty());
    let c = list(&client, "C").await;
    let err = members::add(&client, c, &member("e@example.com", "E"), AddOptions::default()).await.unwrap_err();
    assert_eq!(err.code(), Some(10), "no re-subscribing through the API");
    let reactivate = MemberChanges { state: Some(MemberState::Active), ..MemberChanges::default() };
    assert_eq!(members::update(&client, a, "e@example.com", &reactivate).await.unwrap_err().code(), Some(10));
}

#[tokio::test]
async fn unsubscribing_without_a_list_covers_every_list() {
    let (_sandbox, client) = common::sandbox().await;
    let (a, b) = (list(&client, "A").await, list(&client, "B").await);
    for l in [a, b] {
        members::add(&client, l, &member("f@example.com", "F"), AddOptions::default()).await.unwrap();
    }
    assert_eq!(members::unsubscribe_everywhere(&client, "f@example.com").await.unwrap(), 2);
    for l in [a, b] {
        assert_eq!(members::get(&client, l, "f@example.com").await.unwrap().state, MemberState::Unsubscribed);
    }
    let err = members::unsubscribe_everywhere(&client, "nobody@example.com").await.unwrap_err();
    assert_eq!(err.code(), Some(9));
}

#[tokio::test]
async fn move_and_copy_between_lists() {
    let (_sandbox, client) = common::sandbox().await;
    let (a, b, c) = (list(&client, "A").await, list(&client, "B").await, list(&client, "C").await);
    let id = members::add(&client, a, &member("g@example.com", "G"), AddOptions::default()).await.unwrap();
    members::move_to(&client, a, "g@example.com", id, b).await.unwrap();
    assert_eq!(members::get(&client, a, "g@example.com").await.unwrap_err().code(), Some(9));
    assert_eq!(members::get(&client, b, "g@example.com").await.unwrap().id, id);
    let copy = members::copy_to(&client, b, "g@example.com", id, c).await.unwrap();
    assert_ne!(copy, id);
    assert_eq!(members::get(&client, c, "g@example.com").await.unwrap().merges.get(1), Some("G"));
    let err = members::copy_to(&client, b, "g@example.com", id, c).await.unwrap_err();
    assert_eq!(err.code(), Some(7));
    let err = members::move_to(&client, b, "g@example.com", id, 999).await.unwrap_err();
    assert_eq!(err.code(), Some(5));
}

#[tokio::test]
async fn state_filter_and_complaints_listing() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client, "L").await;
    for e in ["h1@example.com", "h2@example.com", "h3@example.com"] {
        members::add(&client, id, &member(e, "H"), AddOptions::default()).await.unwrap();
    }
    members::unsubscribe(&client, id, "h2@example.com").await.unwrap();
    let query = MemberQuery { state: Some(MemberState::Active), ..MemberQuery::default() };
    assert_eq!(members::list(&client, id, &query).collect_all().await.unwrap().len(), 2);
    assert!(lists::complaints(&client, id, None).collect_all().await.unwrap().is_empty());
    let counts = lists::get(&client, id).await.unwrap().counts;
    assert_eq!((*counts.count_active, *counts.count_unsubscribed, *counts.count_all), (2, 1, 3));
}

#[tokio::test]
async fn activity_of_a_known_address_and_code_9_for_an_unknown_one() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client, "L").await;
    members::add(&client, id, &member("i@example.com", "I"), AddOptions::default()).await.unwrap();
    assert!(members::activity(&client, id, "i@example.com").await.unwrap().is_empty());
    assert_eq!(members::activity(&client, id, "x@example.com").await.unwrap_err().code(), Some(9));
}

#[tokio::test]
async fn deleting_a_list_removes_its_members() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client, "L").await;
    members::add(&client, id, &member("j@example.com", "J"), AddOptions::default()).await.unwrap();
    lists::delete(&client, id).await.unwrap();
    assert_eq!(members::find(&client, "j@example.com").await.unwrap_err().code(), Some(9));
}

#[tokio::test]
async fn check_email_tells_validity_membership_and_unsubscribes() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client, "L").await;
    members::add(&client, id, &member("k@example.com", "K"), AddOptions::default()).await.unwrap();
    let known = members::check_email(&client, id, "k@example.com").await.unwrap();
    assert!(*known.valid && *known.in_list && !*known.unsubscribed);
    assert_eq!(known.state, Some(MemberState::Active));
    members::unsubscribe(&client, id, "k@example.com").await.unwrap();
    assert!(*members::check_email(&client, id, "k@example.com").await.unwrap().unsubscribed);
    let stranger = members::check_email(&client, id, "not-valid").await.unwrap();
    assert!(!*stranger.valid && !*stranger.in_list && stranger.member_id.is_none());
}
