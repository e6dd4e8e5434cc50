//! Report events at scale: a campaign sent to 700,000 subscribers leaves
//! over 1,000,000 events; pages of 100 are read from the events report at
//! random places, by type and by address (target: 20 ms or less), against
//! the first page read as often; the summary's time is printed beside.
//!
//! Run: `cargo bench -p campaign-desk-api --bench report_events`

use campaign_desk_api::campaigns::{self, CampaignContent, CampaignStatus};
use campaign_desk_api::lists::{self, NewList};
use campaign_desk_api::members::{self, AddOptions, NewMember};
use campaign_desk_api::reports::{self, EventQuery};
use campaign_desk_api::{ApiKey, Client};
use std::time::{Duration, Instant};

const KEY: &str = "bench-key";
const RECIPIENTS: usize = 700_000;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn p95(mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    (samples[samples.len() / 2], samples[(samples.len() as f64 * 0.95) as usize - 1])
}

async fn timed<F, Fut>(runs: usize, mut call: F) -> Vec<Duration>
where
    F: FnMut(usize) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut out = Vec::with_capacity(runs);
    for n in 0..runs {
        let began = Instant::now();
        call(n).await;
        out.push(began.elapsed());
    }
    out
}

#[tokio::main]
async fn main() {
    let config = sandbox::Config { clock_speed: 100_000.0, ..sandbox::Config::new(KEY) };
    let sandbox = sandbox::start(config).await.expect("sandbox");
    let client = Client::new(&sandbox.base_url(), ApiKey::new(KEY)).unwrap();
    let list_id = lists::create(&client, &NewList { name: "Bench".into(), ..NewList::default() }).await.unwrap();
    let started = Instant::now();
    for offset in (0..RECIPIENTS).step_by(1000) {
        let batch: Vec<NewMember> = (offset..offset + 1000)
            .map(|n| NewMember { email: format!("m{n}@bench{}.example", n % 50), ..Default::default() })
            .collect();
        members::add_batch(&client, list_id, &batch, AddOptions::default()).await.unwrap();
    }
    let content = CampaignContent {
        list_ids: Some(vec![list_id]),
        subject: Some("Bench".into()),
        from_name: Some("Bench".into()),
        from_email: Some("bench@bench.example".into()),
        html: Some(r#"<a href="https://bench.example/a">A</a><a id="unsub_link" href="%ОТПИСАТЬСЯ%">U</a>"#.into()),
        ..CampaignContent::default()
    };
    let id = campaigns::create(&client, &content).await.unwrap();
    campaigns::launch(&client, id).await.unwrap();
    while campaigns::get(&client, id).await.unwrap().status != CampaignStatus::Sent {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let everything = EventQuery {
        from: Some("2000-01-01 00:00:00".into()),
        to: Some("2100-01-01 00:00:00".into()),
        ..EventQuery::default()
    };
    let total = reports::summary(&client, id).await.unwrap();
    println!("== {} recipients sent in {:.1} s", total.sent, started.elapsed().as_secs_f64());

    let mut rng = fastrand::Rng::with_seed(9);
    let events_total = {
        let mut pager = reports::events(&client, id, &everything).unwrap().starting_at(1_000_000).page_size(1000);
        let page = pager.next_page().await.unwrap().unwrap();
        1_000_000 + page.items.len()
    };
    println!("events: more than {} ({events_total} counted past the millionth)", 1_000_000);
    let first = timed(200, |_| {
        let client = client.clone();
        let q = everything.clone();
        async move {
            reports::events(&client, id, &q).unwrap().page_size(100).next_page().await.unwrap();
        }
    })
    .await;
    let starts: Vec<u64> = (0..200).map(|_| rng.u64(0..1_000_000)).collect();
    let deep = timed(200, |n| {
        let client = client.clone();
        let q = everything.clone();
        let start = starts[n];
        async move {
            reports::events(&client, id, &q).unwrap().starting_at(start).page_size(100).next_page().await.unwrap();
        }
    })
    .await;
    let by_type = timed(200, |n| {
        let client = client.clone();
        let q = EventQuery { event_type: Some(["OPENED", "CLICKED", "BOUNCED"][n % 3].into()), ..everything.clone() };
        async move {
            reports::events(&client, id, &q).unwrap().page_size(100).next_page().await.unwrap();
        }
    })
    .await;
    let by_email = timed(200, |n| {
        let client = client.clone();
        let q =
            EventQuery { email: Some(format!("m{}@bench{}.example", n * 3001, (n * 3001) % 50)), ..everything.clone() };
        async move {
            reports::events(&client, id, &q).unwrap().page_size(100).next_page().await.unwrap();
        }
    })
    .await;
    let summary = timed(20, |_| {
        let client = client.clone();
        async move {
            reports::summary(&client, id).await.unwrap();
        }
    })
    .await;
    let (sum50, sum95) = p95(summary);
    println!("campaign summary over the same events: p50 {:.2} ms, p95 {:.2} ms", ms(sum50), ms(sum95));
    let (ref50, ref95) = p95(first);
    println!("reference, first page: p50 {:.2} ms, p95 {:.2} ms", ms(ref50), ms(ref95));
    for (name, samples) in [("random places", deep), ("by event type", by_type), ("by address", by_email)] {
        let (p50, p95v) = p95(samples);
        println!(
            "events page, {name}: p50 {:.2} ms, p95 {:.2} ms; ratio p95 to the first page {:.2}; target 20 ms: {}",
            ms(p50),
            ms(p95v),
            p95v.as_secs_f64() / ref95.as_secs_f64(),
            if p95v <= Duration::from_millis(20) { "met" } else { "MISSED" }
        );
    }
}
