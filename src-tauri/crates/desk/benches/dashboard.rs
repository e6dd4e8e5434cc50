//! A campaign's dashboard at scale: a sandbox campaign sent to 1,000,000
//! recipients; the time to load its whole dashboard view (every request it
//! needs, the charts drawn), median and 95th percentile, beside the bare
//! service requests behind it made the same way in the same run.
//! Target: 500 ms or less at the median, printed last as
//! `dashboard: N ms (target 500 ms)`.
//!
//! Run: `cargo bench -p desk --bench dashboard`

use api::campaigns::{self, CampaignContent, CampaignStatus};
use api::lists::{self, NewList};
use api::members::{self, AddOptions, NewMember};
use api::{reports, ApiKey, Client};
use desk::reports::ChartTheme;
use desk::Session;
use std::time::{Duration, Instant};

#[path = "../tests/common/chart_words.rs"]
mod chart_words;

const KEY: &str = "bench-key";
const RECIPIENTS: usize = 1_000_000;
const RUNS: usize = 21;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn spread(mut samples: Vec<Duration>) -> (f64, f64) {
    samples.sort();
    (ms(samples[samples.len() / 2]), ms(samples[(samples.len() * 95).div_ceil(100) - 1]))
}

/// A campaign sent to every recipient, its statistics settled.
async fn sent_campaign(client: &Client) -> i64 {
    let list_id = lists::create(client, &NewList { name: "Bench".into(), ..NewList::default() }).await.unwrap();
    for offset in (0..RECIPIENTS).step_by(1000) {
        let batch: Vec<NewMember> = (offset..offset + 1000)
            .map(|n| NewMember { email: format!("m{n}@bench{}.example", n % 50), ..Default::default() })
            .collect();
        members::add_batch(client, list_id, &batch, AddOptions::default()).await.unwrap();
    }
    let links: String = (0..12).map(|n| format!(r#"<a href="https://bench.example/{n}">{n}</a>"#)).collect();
    let content = CampaignContent {
        list_ids: Some(vec![list_id]),
        name: Some("Bench".into()),
        subject: Some("Bench".into()),
        from_name: Some("Bench".into()),
        from_email: Some("bench@bench.example".into()),
        html: Some(format!(r#"{links}<a id="unsub_link" href="%ОТПИСАТЬСЯ%">U</a>"#)),
        ..CampaignContent::default()
    };
    let id = campaigns::create(client, &content).await.unwrap();
    campaigns::launch(client, id).await.unwrap();
    while campaigns::get(client, id).await.unwrap().status != CampaignStatus::Sent {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Every simulated open and click has come: the latest come a few
    // simulated days after sending, seconds at this clock speed.
    tokio::time::sleep(Duration::from_secs(8)).await;
    id
}

#[tokio::main]
async fn main() {
    let config = sandbox::Config { clock_speed: 100_000.0, ..sandbox::Config::new(KEY) };
    let sandbox = sandbox::start(config).await.expect("sandbox");
    let client = Client::new(&sandbox.base_url(), ApiKey::new(KEY)).unwrap();
    let began = Instant::now();
    let id = sent_campaign(&client).await;
    let summary = reports::summary(&client, id).await.unwrap();
    println!(
        "{} recipients sent, {} opened, {} clicked, in {:.0} s",
        *summary.sent,
        *summary.opened,
        *summary.clicks,
        began.elapsed().as_secs_f64()
    );

    let session = Session::for_client(client.clone());
    let words = chart_words::russian();
    let mut first = None;
    let mut view = Vec::with_capacity(RUNS);
    let mut bare = Vec::with_capacity(RUNS);
    for n in 0..=RUNS {
        let started = Instant::now();
        let theme = if n % 2 == 0 { ChartTheme::Light } else { ChartTheme::Dark };
        // The whole dashboard: its first screen and what is below it.
        let (screen, below) = tokio::join!(
            desk::reports::dashboard(&session, id, theme, &words),
            desk::reports::breakdown(&session, id, theme)
        );
        screen.unwrap();
        below.unwrap();
        let took = started.elapsed();
        let started = Instant::now();
        let (a, b, c, d, e, f, g, h) = tokio::join!(
            campaigns::get(&client, id),
            reports::summary(&client, id),
            reports::timeline(&client, id),
            reports::clicks_per_link(&client, id),
            reports::bounces_per_code(&client, id),
            reports::opens_per_client(&client, id),
            reports::opens_per_place(&client, id),
            reports::per_domain(&client, id),
        );
        let bare_took = started.elapsed();
        std::hint::black_box((
            a.unwrap(),
            b.unwrap(),
            c.unwrap(),
            d.unwrap(),
            e.unwrap(),
            f.unwrap(),
            g.unwrap(),
            h.unwrap(),
        ));
        // The first round computes the statistics and warms both paths.
        if n == 0 {
            first = Some(took);
        } else {
            view.push(took);
            bare.push(bare_took);
        }
    }
    let started = Instant::now();
    let machines = desk::reports::open_details(&session, id, ChartTheme::Light, &words, |_| ()).await.unwrap();
    println!(
        "opens read one by one (by machines, devices, reading modes; after the dashboard): {} recipients by machine only, in {:.0} ms",
        machines.openers.by_machines_only,
        ms(started.elapsed())
    );
    let started = Instant::now();
    desk::reports::open_details(&session, id, ChartTheme::Dark, &words, |_| ()).await.unwrap();
    println!(
        "the same again in the session: {:.0} ms (the last ten minutes of opens are read again, in case one comes late; at this clock that is all of them)",
        ms(started.elapsed())
    );
    // This sandbox's events are in its reports the moment they happen.
    let kept = tempfile::tempdir().unwrap();
    let prompt = || {
        Session::for_client(client.clone())
            .with_report_lag(Duration::from_secs(1))
            .keeping_counts_in(kept.path().into())
    };
    let session = prompt();
    desk::reports::open_details(&session, id, ChartTheme::Light, &words, |_| ()).await.unwrap();
    let started = Instant::now();
    desk::reports::open_details(&session, id, ChartTheme::Dark, &words, |_| ()).await.unwrap();
    println!(
        "the same again, allowing the sandbox's lag of a second instead: {:.0} ms (only what came since)",
        ms(started.elapsed())
    );
    let restarted = prompt();
    let started = Instant::now();
    desk::reports::open_details(&restarted, id, ChartTheme::Light, &words, |_| ()).await.unwrap();
    let on_disk: u64 = std::fs::read_dir(kept.path()).unwrap().map(|f| f.unwrap().metadata().unwrap().len()).sum();
    println!(
        "the same after a restart, from the count kept on disk ({:.1} MB): {:.0} ms",
        on_disk as f64 / 1e6,
        ms(started.elapsed())
    );
    println!("first load, the statistics computed then: {:.0} ms", first.map_or(0.0, ms));
    let (v50, v95) = spread(view);
    let (b50, b95) = spread(bare);
    println!("dashboard view: median {v50:.0} ms, p95 {v95:.0} ms");
    println!("the bare service requests: median {b50:.0} ms, p95 {b95:.0} ms (ratio {:.2})", v50 / b50);
    println!("dashboard: {v50:.0} ms (target 500 ms)");
}
