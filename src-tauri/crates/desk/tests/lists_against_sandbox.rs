//! The Lists area's operations against a live sandbox on loopback,
//! including a sandbox that applies a change and then drops the connection.

use desk::lists::{self, SubscriberFilter, SubscriberQuery, SubscriberSort};
use desk::views::SubscriberState;

use crate::common::demo;

fn query(list_id: i64) -> SubscriberQuery {
    SubscriberQuery { filter: SubscriberFilter { list_id, ..SubscriberFilter::default() }, start: 0, limit: 100 }
}

/// The first page of those of a list `filter` keeps.
fn narrowed(list_id: i64, filter: SubscriberFilter) -> SubscriberQuery {
    SubscriberQuery { filter: SubscriberFilter { list_id, ..filter }, ..query(list_id) }
}

#[tokio::test]
async fn a_big_list_pages_filters_finds_and_sorts() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("lists").await;
    let big = lists::all(&session).await.unwrap().into_iter().find(|l| l.counts.all >= 50_000).unwrap();
    let detail = lists::detail(&session, big.id).await.unwrap();
    assert!(!detail.fields.is_empty(), "the demo's fields are there");
    assert!(detail.fields.iter().all(|f| !f.tag.is_empty()));

    let deep = lists::subscribers(&session, &SubscriberQuery { start: 49_900, ..query(big.id) }).await.unwrap();
    assert_eq!(deep.rows.len(), 100);
    assert_eq!(deep.start, 49_900);

    let bounced =
        narrowed(big.id, SubscriberFilter { state: Some(SubscriberState::Bounced), ..SubscriberFilter::default() });
    let page = lists::subscribers(&session, &bounced).await.unwrap();
    assert!(!page.rows.is_empty() && page.rows.iter().all(|r| r.state == SubscriberState::Bounced));

    let someone = deep.rows[3].email.clone();
    let found = lists::subscribers(
        &session,
        &narrowed(big.id, SubscriberFilter { email: Some(someone.clone()), ..SubscriberFilter::default() }),
    )
    .await
    .unwrap();
    assert_eq!(found.rows.iter().map(|r| r.email.as_str()).collect::<Vec<_>>(), vec![someone.as_str()]);

    let sorted = narrowed(
        big.id,
        SubscriberFilter { sort: Some(SubscriberSort::Email), descending: Some(true), ..SubscriberFilter::default() },
    );
    let emails: Vec<String> =
        lists::subscribers(&session, &sorted).await.unwrap().rows.into_iter().map(|r| r.email).collect();
    let mut expected = emails.clone();
    expected.sort_by(|a, b| b.cmp(a));
    assert_eq!(emails, expected);

    // Who left and who complained are the list's own reads, sorted as asked.
    api::sandbox::forget_requests(session.client()).await.unwrap();
    for (state, path) in [(SubscriberState::Unsubscribed, "unsubscribed"), (SubscriberState::Complained, "complaints")]
    {
        let wanted = SubscriberFilter {
            state: Some(state),
            sort: Some(SubscriberSort::Email),
            descending: Some(false),
            ..SubscriberFilter::default()
        };
        let rows = lists::subscribers(&session, &narrowed(big.id, wanted)).await.unwrap().rows;
        assert!(!rows.is_empty() && rows.iter().all(|r| r.state == state), "{state:?}: {rows:?}");
        assert!(rows.windows(2).all(|w| w[0].email <= w[1].email), "{state:?} sorted");
        let asked = api::sandbox::requests(session.client()).await.unwrap();
        assert!(asked.iter().any(|r| r.path.ends_with(&format!("/lists/{}/{path}", big.id))), "{asked:?}");
    }
}

async fn faulty() -> (sandbox::Running, desk::Session) {
    let faults = sandbox::faults::Faults { applied_drop_rate: 1.0, ..Default::default() };
    let running = sandbox::start(sandbox::Config { faults, ..sandbox::Config::new("k") }).await.unwrap();
    let session = crate::common::service::session(&running, "k");
    (running, session)
}

#[tokio::test]
async fn a_create_whose_answer_is_lost_is_settled_by_reading_again_neither_lost_nor_doubled() {
    let (_running, session) = faulty().await;
    let id = lists::create(&session, "Spring").await.expect("the list was made, so creating succeeded");
    let named: Vec<_> = lists::all(&session).await.unwrap().into_iter().filter(|l| l.name == "Spring").collect();
    assert_eq!(named.len(), 1, "exactly one list, not lost, not doubled");
    assert_eq!(named[0].id, id);

    lists::rename(&session, id, "Summer").await.expect("the rename was applied");
    assert_eq!(lists::detail(&session, id).await.unwrap().list.name, "Summer");

    lists::delete(&session, id).await.expect("the delete was applied");
    assert!(lists::all(&session).await.unwrap().iter().all(|l| l.id != id));
}

#[tokio::test]
async fn resetting_the_demo_puts_it_back_as_new() {
    let demo::Demo { session, desk, dir: _dir } = demo::open("lists").await;
    let before = lists::all(&session).await.unwrap();
    lists::create(&session, "Made in the demo").await.unwrap();
    assert_eq!(lists::all(&session).await.unwrap().len(), before.len() + 1);
    desk.reset_demo().await.expect("the demo is made again");
    let fresh = lists::all(&desk.session().await.unwrap()).await.unwrap();
    assert_eq!(fresh.len(), before.len());
    assert!(fresh.iter().all(|l| l.name != "Made in the demo"));
}

#[tokio::test]
async fn one_subscriber_is_added_edited_copied_moved_unsubscribed_and_deleted_though_every_answer_is_lost() {
    use lists::{subscriber, SubscriberForm, SubscriberRef};
    let (_running, session) = faulty().await;
    let from = lists::create(&session, "Shop").await.unwrap();
    let to = lists::create(&session, "Club").await.unwrap();
    let state = |list_id: i64, email: &'static str| {
        let session = session.clone();
        async move {
            let found =
                narrowed(list_id, SubscriberFilter { email: Some(email.into()), ..SubscriberFilter::default() });
            lists::subscribers(&session, &found).await.unwrap().rows.first().map(|r| (r.id, r.state))
        }
    };
    let form = |email: &str| SubscriberForm { email: email.into(), ..SubscriberForm::default() };

    let anna = lists::add_subscriber(&session, from, &form(" anna@example.com ")).await.expect("added, read back");
    assert_eq!(state(from, "anna@example.com").await, Some((anna, SubscriberState::Active)));
    lists::edit_subscriber(&session, from, &form("anna@example.com")).await.expect("nothing to change is no failure");
    let who = |list_id, member_id, email: &str| SubscriberRef { list_id, member_id, email: email.into() };

    let copy = subscriber::copy_to(&session, &who(from, anna, "anna@example.com"), to).await.expect("copied");
    assert_eq!(state(to, "anna@example.com").await.map(|(id, _)| id), Some(copy));
    assert!(state(from, "anna@example.com").await.is_some(), "a copy leaves the record where it was");
    subscriber::unsubscribe(&session, &who(to, copy, "anna@example.com")).await.expect("unsubscribed");
    assert_eq!(state(to, "anna@example.com").await.map(|(_, s)| s), Some(SubscriberState::Unsubscribed));
    subscriber::delete(&session, &who(from, anna, "anna@example.com")).await.expect("deleted");
    assert_eq!(state(from, "anna@example.com").await, None);

    let boris = lists::add_subscriber(&session, from, &form("boris@example.com")).await.unwrap();
    subscriber::move_to(&session, &who(from, boris, "boris@example.com"), to).await.expect("moved");
    assert!(state(to, "boris@example.com").await.is_some() && state(from, "boris@example.com").await.is_none());
    assert!(
        subscriber::move_to(&session, &who(to, boris, "boris@example.com"), to).await.is_err(),
        "to the list it is in: nothing is sent"
    );
}

#[tokio::test]
async fn a_field_is_added_edited_and_deleted_though_every_answer_is_lost() {
    use desk::lists::{FieldForm, FieldType};
    let (_running, session) = faulty().await;
    let list = lists::create(&session, "Club").await.unwrap();
    let form = |title: &str, variable: &str| FieldForm {
        title: title.into(),
        kind: FieldType::Choice,
        required: false,
        variable: variable.into(),
        choices: vec!["Filter".into(), "Espresso".into()],
    };
    let before = lists::detail(&session, list).await.unwrap().fields.len();
    let id = lists::add_field(&session, list, &form("Roast", "roast")).await.expect("added, read back");
    let added = lists::detail(&session, list).await.unwrap().fields;
    assert_eq!(added.len(), before + 1, "added once");
    let roast = added.iter().find(|f| f.id == id).unwrap();
    assert_eq!((roast.title.as_str(), roast.tag.as_str(), roast.kind), ("Roast", "ROAST", FieldType::Choice));
    assert_eq!(roast.choices, vec!["Filter", "Espresso"]);
    assert!(lists::add_field(&session, list, &form("Roast again", "ROAST")).await.is_err(), "its variable is taken");

    lists::edit_field(&session, list, id, &form("Favourite roast", "roast")).await.expect("edited");
    assert!(lists::detail(&session, list).await.unwrap().fields.iter().any(|f| f.title == "Favourite roast"));
    lists::delete_field(&session, list, id).await.expect("deleted");
    assert!(lists::detail(&session, list).await.unwrap().fields.iter().all(|f| f.id != id));
}

#[tokio::test]
async fn a_list_s_details_are_saved_whole_though_the_answer_is_lost() {
    use desk::lists::{ContactView, ListForm};
    let (_running, session) = faulty().await;
    let list = lists::create(&session, "Club").await.unwrap();
    let contact = ContactView {
        company: "Кофейня «Зерно»".into(),
        city: "Новосибирск".into(),
        abuse_email: "abuse@zerno.ru".into(),
        url: "https://zerno.ru".into(),
        ..ContactView::default()
    };
    let form = ListForm { name: " Клуб ".into(), contact: contact.clone() };
    lists::edit_list(&session, list, &form).await.expect("saved, read back");
    let detail = lists::detail(&session, list).await.unwrap();
    assert_eq!((detail.list.name.as_str(), &detail.contact), ("Клуб", &contact));
    let moved =
        ListForm { name: "Клуб".into(), contact: ContactView { city: "Томск".into(), ..contact.clone() } };
    lists::edit_list(&session, list, &moved).await.expect("saved, read back");
    assert_eq!(lists::detail(&session, list).await.unwrap().contact.city, "Томск");
}

#[tokio::test]
async fn an_address_is_found_in_every_list_it_is_in_with_its_state_there() {
    use lists::{subscriber, SubscriberForm, SubscriberRef};
    let (_running, session) = faulty().await;
    let (shop, club) = (lists::create(&session, "Shop").await.unwrap(), lists::create(&session, "Club").await.unwrap());
    assert!(lists::find_address(&session, "vera@example.com").await.unwrap().is_empty(), "in no list: no error");
    let form = SubscriberForm { email: "vera@example.com".into(), ..SubscriberForm::default() };
    let vera = lists::add_subscriber(&session, shop, &form).await.unwrap();
    let copy = subscriber::copy_to(
        &session,
        &SubscriberRef { list_id: shop, member_id: vera, email: form.email.clone() },
        club,
    )
    .await
    .unwrap();
    subscriber::unsubscribe(&session, &SubscriberRef { list_id: club, member_id: copy, email: form.email.clone() })
        .await
        .unwrap();
    let mut found: Vec<(i64, SubscriberState)> = lists::find_address(&session, " VERA@example.com ")
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.list_id, r.state))
        .collect();
    found.sort_by_key(|(list, _)| *list);
    let mut want = vec![(shop, SubscriberState::Active), (club, SubscriberState::Unsubscribed)];
    want.sort_by_key(|(list, _)| *list);
    assert_eq!(found, want);

    // Who unsubscribed, across every list: the record in the list it left.
    let gone = lists::across_lists(&session, lists::AcrossLists::Unsubscribed, 0, 100).await.unwrap();
    let vera_gone: Vec<i64> = gone.rows.iter().filter(|r| r.email == "vera@example.com").map(|r| r.list_id).collect();
    assert_eq!(vera_gone, vec![club]);
    assert!(!gone.has_more, "a short page is the last");
    let complained = lists::across_lists(&session, lists::AcrossLists::Complained, 0, 100).await.unwrap();
    assert!(complained.rows.iter().all(|r| r.state == SubscriberState::Complained));
}
