//! Members at scale, through the client and the sandbox over loopback HTTP:
//!
//! 1. 100,000 subscribers added in batches of 1,000 (target: 50,000/s or
//!    more), against the same rows written straight into SQLite, the floor.
//! 2. Pages of 100 subscribers at random places in a 1,000,000-member list,
//!    deep pages included (target: 95th percentile 5 ms or less), against
//!    the first page read as often.
//!
//! Run: `cargo bench -p campaign-desk-api --bench members`

use campaign_desk_api::lists::{self, NewList};
use campaign_desk_api::members::{self, AddOptions, MemberQuery, NewMember};
use campaign_desk_api::{ApiKey, Client};
use std::time::{Duration, Instant};

const KEY: &str = "bench-key";
const CHUNK: usize = 1_000;

fn batch(offset: usize) -> Vec<NewMember> {
    (offset..offset + CHUNK)
        .map(|n| {
            let mut m = NewMember { email: format!("member{n}@bench.example"), ..NewMember::default() };
            m.merges.set(1, format!("First{n}"));
            m.merges.set(2, format!("Last{n}"));
            m
        })
        .collect()
}

async fn fill(client: &Client, list_id: i64, from: usize, to: usize) -> Duration {
    let started = Instant::now();
    for offset in (from..to).step_by(CHUNK) {
        members::add_batch(client, list_id, &batch(offset), AddOptions { no_check: false, update: false })
            .await
            .expect("batch add");
    }
    started.elapsed()
}

fn raw_sqlite_insert(rows: usize) -> Duration {
    let conn = rusqlite::Connection::open_in_memory().unwrap();
    conn.execute_batch(
        "CREATE TABLE members (id INTEGER PRIMARY KEY, list_id INTEGER, email TEXT COLLATE NOCASE, state TEXT,
            merge_1 TEXT, merge_2 TEXT, optin_time TEXT, lastedit_time TEXT, UNIQUE (list_id, email));
         CREATE INDEX m1 ON members (list_id, state, id); CREATE INDEX m2 ON members (list_id, id);
         CREATE INDEX m3 ON members (email);",
    )
    .unwrap();
    let started = Instant::now();
    let tx = conn.unchecked_transaction().unwrap();
    {
        let mut stmt = tx
            .prepare(
                "INSERT INTO members (list_id, email, state, merge_1, merge_2, optin_time, lastedit_time)
                      VALUES (1, ?1, 'active', ?2, ?3, 'now', 'now')",
            )
            .unwrap();
        for n in 0..rows {
            stmt.execute(rusqlite::params![
                format!("member{n}@bench.example"),
                format!("First{n}"),
                format!("Last{n}")
            ])
            .unwrap();
        }
    }
    tx.commit().unwrap();
    started.elapsed()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

async fn page_latencies(client: &Client, list_id: i64, starts: &[u64]) -> Vec<Duration> {
    let mut out = Vec::with_capacity(starts.len());
    for &start in starts {
        let mut pager = members::list(client, list_id, &MemberQuery::default()).starting_at(start).page_size(100);
        let began = Instant::now();
        let page = pager.next_page().await.expect("page").expect("a page");
        out.push(began.elapsed());
        assert_eq!(page.items.len(), 100, "a full page at {start}");
    }
    out.sort();
    out
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let sandbox = sandbox::start(sandbox::Config::new(KEY)).await.expect("sandbox");
    let client = Client::new(&sandbox.base_url(), ApiKey::new(KEY)).unwrap();
    let list_id = lists::create(&client, &NewList { name: "Bench".into(), ..NewList::default() }).await.unwrap();

    println!("== batch add: 100,000 members in batches of {CHUNK}");
    let took = fill(&client, list_id, 0, 100_000).await;
    let rate = 100_000.0 / took.as_secs_f64();
    let floor = raw_sqlite_insert(100_000);
    let floor_rate = 100_000.0 / floor.as_secs_f64();
    println!("client + HTTP + sandbox: {:>9.0} members/s ({:.2} s)", rate, took.as_secs_f64());
    println!("reference, raw SQLite:   {:>9.0} members/s ({:.2} s)", floor_rate, floor.as_secs_f64());
    println!(
        "ratio to reference: {:.2}; target 50,000/s: {}",
        rate / floor_rate,
        if rate >= 50_000.0 { "met" } else { "MISSED" }
    );

    println!("== pages of 100 in a 1,000,000-member list");
    let took = fill(&client, list_id, 100_000, 1_000_000).await;
    println!("(filled 900,000 more in {:.1} s)", took.as_secs_f64());
    let mut rng = fastrand::Rng::with_seed(42);
    let mut starts: Vec<u64> = (0..500).map(|_| rng.u64(0..=999_900)).collect();
    starts.extend([0, 500_000, 999_900]);
    page_latencies(&client, list_id, &starts[..20]).await;
    let deep = page_latencies(&client, list_id, &starts).await;
    let first = page_latencies(&client, list_id, &vec![0; starts.len()]).await;
    let (p50, p95, max) = (percentile(&deep, 0.5), percentile(&deep, 0.95), deep[deep.len() - 1]);
    println!("random places: p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms", ms(p50), ms(p95), ms(max));
    println!(
        "reference, first page: p50 {:.2} ms, p95 {:.2} ms",
        ms(percentile(&first, 0.5)),
        ms(percentile(&first, 0.95))
    );
    println!(
        "ratio p95 random / first page: {:.2}; target p95 <= 5 ms: {}",
        p95.as_secs_f64() / percentile(&first, 0.95).as_secs_f64(),
        if p95 <= Duration::from_millis(5) { "met" } else { "MISSED" }
    );
}
