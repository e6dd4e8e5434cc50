//! A service in a store of its own for import tests: served healthy or
//! with faults over the same store, a session keeping its journals in a
//! folder of the test's, a list with one unsubscribed address, and a file
//! of readers to import into it.

// Each test crate uses what it needs of it.
#![allow(dead_code)]

use api::{ApiKey, Client, RetryPolicy};
use desk::import::{Choices, ColumnUse, ImportPlan};
use desk::Session;
use sandbox::faults::Faults;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub const KEY: &str = "import-key";

pub struct Service {
    pub dir: tempfile::TempDir,
}

impl Service {
    pub fn new() -> Service {
        Service { dir: tempfile::tempdir().unwrap() }
    }

    pub async fn serve(&self, faults: Faults) -> sandbox::Running {
        let db = Some(self.dir.path().join("service.sqlite"));
        sandbox::start(sandbox::Config { db, faults, ..sandbox::Config::new(KEY) }).await.expect("sandbox starts")
    }

    pub fn journals(&self) -> PathBuf {
        self.dir.path().join("imports")
    }

    /// A session of its own (nothing read before is kept), its journals
    /// in the test's folder.
    pub fn session(&self, service: &sandbox::Running) -> Session {
        let client = Client::new(&service.base_url(), ApiKey::new(KEY)).unwrap().with_retry_policy(RetryPolicy {
            max_retries: 8,
            base_delay: Duration::from_millis(20),
            ..RetryPolicy::default()
        });
        Session::for_client(client).keeping_imports_in(self.journals())
    }
}

/// A file of `rows` subscribers with a city each, one unsubscribed
/// address, one duplicate and one invalid row among them.
pub fn write_file(dir: &Path, rows: usize) -> (PathBuf, HashSet<String>) {
    let mut text = String::from("Email;Город\n");
    let mut expected = HashSet::new();
    for n in 0..rows {
        let email = format!("reader{n}@coffee.example");
        text.push_str(&format!("{email};Город {}\n", n % 50));
        expected.insert(email);
    }
    text.push_str("reader7@coffee.example;Дубль\nнет-адреса;Омск\ngone@coffee.example;Тула\n");
    let path = dir.join("подписчики.csv");
    std::fs::write(&path, text).unwrap();
    (path, expected)
}

/// A list with one address unsubscribed from it, and a session.
pub async fn prepared(service: &Service, running: &sandbox::Running) -> (i64, Session) {
    let session = service.session(running);
    let client = session.client();
    let list = api::lists::NewList { name: "Обжарка".into(), ..Default::default() };
    let list_id = api::lists::create(client, &list).await.unwrap();
    let gone = api::members::NewMember { email: "gone@coffee.example".into(), ..Default::default() };
    api::members::add(client, list_id, &gone, Default::default()).await.unwrap();
    api::members::unsubscribe(client, list_id, "gone@coffee.example").await.unwrap();
    (list_id, session)
}

/// The file's addresses into the list, its cities into a new field.
pub fn plan(session: &Session, list_id: i64, path: &Path) -> ImportPlan {
    ImportPlan {
        list_id,
        file_id: session.imports().grant(path.to_path_buf()),
        header: true,
        columns: vec![ColumnUse::Address, ColumnUse::NewField { title: "Город".into() }],
        choices: Choices { fix_typos: true, keep_roles: true, update_existing: false },
        reading: Default::default(),
    }
}

/// Every address in the list, read through a healthy service; panics on a
/// record found twice.
pub async fn members_of(client: &Client, list_id: i64) -> HashSet<String> {
    let query = api::members::MemberQuery::default();
    let members =
        api::members::list(client, list_id, &query).page_size(500).at_most(1_000_000).collect_all().await.unwrap();
    let mut seen = HashSet::new();
    for member in &members {
        assert!(seen.insert(member.email.to_string()), "{} is in the list twice", *member.email);
    }
    seen
}

/// The titles of the list's fields.
pub async fn field_titles(client: &Client, list_id: i64) -> Vec<String> {
    let list = api::lists::get(client, list_id).await.unwrap();
    list.fields().into_iter().map(|f| f.def.title).collect()
}
