//! The inbox at scale: a sandbox holding 10,000 dialogs; the time to show a
//! thread (from the call to its view type, cleaning included) and a page of
//! the list, median and 95th percentile, each beside the bare service calls
//! behind it measured in the same run; and cleaning a 1 MB message.
//! Targets: thread 50 ms and page 20 ms at the 95th percentile, cleaning
//! under 50 ms; each printed last as `name: N ms (target T ms)`. Then the
//! triage's figures on the labelled corpus (5-fold cross-validation) and on
//! the part held apart (the committed model), and
//! the time to triage a reply, beside the time to split it from its quotes
//! (what the inbox did for every reply before triage had a model).
//!
//! Run: `cargo bench -p desk --bench inbox`

use api::{ApiKey, Client};
use desk::clean::{clean, RemoteImages};
use desk::inbox::{self, DialogFilter, DialogQuery};
use desk::Session;
use std::time::{Duration, Instant};

const KEY: &str = "bench-key";
const DIALOGS: usize = 10_000;
const RUNS: usize = 200;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn spread(mut samples: Vec<Duration>) -> (f64, f64) {
    samples.sort();
    (ms(samples[samples.len() / 2]), ms(samples[(samples.len() * 95).div_ceil(100) - 1]))
}

async fn timed<F, Fut>(mut call: F) -> Vec<Duration>
where
    F: FnMut(usize) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut out = Vec::with_capacity(RUNS);
    for n in 0..RUNS {
        let began = Instant::now();
        call(n).await;
        out.push(began.elapsed());
    }
    out
}

/// A reply as mail clients send it: a few paragraphs, a quote, a signature with a remote logo.
fn reply_html(n: usize) -> String {
    let para = format!("<p>Hello, this is reply number {n}. Do you ship to Kazan? <b>Thanks</b> in advance.</p>");
    format!(
        "<div>{}<blockquote><p>On Monday, Northwind wrote:</p>{}</blockquote><p>— Ann<br>\
         <img src=\"https://cdn.example/logo.png\" alt=\"logo\"></p></div>",
        para.repeat(12),
        para.repeat(20)
    )
}

#[tokio::main]
async fn main() {
    let sandbox = sandbox::start(sandbox::Config::new(KEY)).await.expect("sandbox");
    let client = Client::new(&sandbox.base_url(), ApiKey::new(KEY)).unwrap();
    let list =
        api::lists::create(&client, &api::lists::NewList { name: "Bench".into(), ..Default::default() }).await.unwrap();
    let content = api::campaigns::CampaignContent {
        list_ids: Some(vec![list]),
        name: Some("Bench".into()),
        subject: Some("Bench".into()),
        ..Default::default()
    };
    let campaign = api::campaigns::create(&client, &content).await.unwrap();
    let began = Instant::now();
    let mut ids = Vec::with_capacity(DIALOGS);
    for n in 0..DIALOGS {
        let reply = api::sandbox::Reply {
            campaign_id: Some(campaign),
            email: Some(format!("r{n}@bench.example")),
            subject: "Re: Bench".into(),
            html: reply_html(n),
            text: format!("Reply number {n}"),
            ..Default::default()
        };
        ids.push(api::sandbox::put_reply(&client, &reply).await.expect("a dialog"));
    }
    println!("{DIALOGS} dialogs put in the sandbox in {:.1} s", began.elapsed().as_secs_f64());

    let session = Session::for_client(client.clone());
    let pick = |n: usize| ids[(n * 7919) % ids.len()];
    // Warm both paths once.
    inbox::thread(&session, pick(0)).await.unwrap();
    let thread = timed(|n| {
        let session = &session;
        async move {
            inbox::thread(session, pick(n)).await.unwrap();
        }
    })
    .await;
    let bare_thread = timed(|n| {
        let client = &client;
        async move {
            let (a, b) = tokio::join!(
                api::dialogs::get(client, pick(n)),
                api::dialogs::messages(client, pick(n), Some(200), None)
            );
            a.unwrap();
            b.unwrap();
        }
    })
    .await;
    let page_query = |n: usize| DialogQuery {
        filter: DialogFilter::Open,
        offset: ((n * 3571) % (DIALOGS - 100)) as u32,
        limit: 100,
        ..DialogQuery::default()
    };
    let page = timed(|n| {
        let session = &session;
        async move {
            inbox::dialogs(session, &page_query(n)).await.unwrap();
        }
    })
    .await;
    let bare_page = timed(|n| {
        let client = &client;
        async move {
            let q = page_query(n);
            let wire = api::dialogs::DialogQuery { limit: Some(101), offset: Some(q.offset), ..Default::default() };
            api::dialogs::list(client, &wire).await.unwrap();
        }
    })
    .await;

    let big = format!("<div>{}</div>", reply_html(0).repeat(1_000_000 / reply_html(0).len() + 1));
    let cleaning: Vec<Duration> = (0..20)
        .map(|_| {
            let began = Instant::now();
            std::hint::black_box(clean(&big, RemoteImages::Held));
            began.elapsed()
        })
        .collect();
    let (clean_p50, clean_p95) = spread(cleaning);

    let (t50, t95) = spread(thread);
    let (bt50, bt95) = spread(bare_thread);
    let (p50, p95) = spread(page);
    let (bp50, bp95) = spread(bare_page);
    println!("thread: median {t50:.1} ms, p95 {t95:.1} ms; the bare service calls: median {bt50:.1} ms, p95 {bt95:.1} ms (ratio {:.2})", t95 / bt95);
    println!("page of 100: median {p50:.1} ms, p95 {p95:.1} ms; the bare service call: median {bp50:.1} ms, p95 {bp95:.1} ms (ratio {:.2})", p95 / bp95);
    println!("cleaning {:.1} MB: median {clean_p50:.1} ms, p95 {clean_p95:.1} ms", big.len() as f64 / 1e6);
    // One line per target, as `name: N ms (target T ms)`.
    println!("inbox cleaning 1 MB: {clean_p50:.0} ms (target 50 ms)");
    println!("inbox thread p95: {t95:.0} ms (target 50 ms)");
    println!("inbox page p95: {p95:.0} ms (target 20 ms)");
    triage_figures();
}

/// How well and how fast replies are triaged.
fn triage_figures() {
    use desk::inbox::triage::{learning, triage};
    let replies = learning::corpus(&learning::corpus_dir()).expect("the corpus");
    let outcomes = learning::cross_validate(&replies, 5);
    println!("triage, 5-fold cross-validation on {} labelled replies:\n{}", replies.len(), learning::report(&outcomes));
    let held_apart = learning::corpus(&learning::held_apart_dir()).expect("the part held apart");
    let committed = learning::evaluate(&held_apart, &learning::Trained::committed());
    println!(
        "triage, the committed model on {} replies held apart:\n{}",
        held_apart.len(),
        learning::report(&committed)
    );
    let time = |f: &dyn Fn(&learning::Labelled)| {
        let began = Instant::now();
        for _ in 0..10 {
            replies.iter().for_each(f);
        }
        began.elapsed().as_secs_f64() * 1e6 / (10 * replies.len()) as f64
    };
    let triaged = time(&|r| {
        std::hint::black_box(triage(&r.reply()));
    });
    let split = time(&|r| {
        std::hint::black_box(inbox::quoted::split_text(&r.text));
    });
    println!(
        "triage of a reply: {triaged:.0} µs; splitting it from its quotes alone: {split:.0} µs (ratio {:.1})",
        triaged / split
    );
    let folded = learning::figures(&outcomes, desk::inbox::triage::ReplyKind::folds);
    println!("triage folding precision: {:.3} (target 0.98)", folded.precision);
    println!("triage folding recall: {:.3} (target 0.95)", folded.recall);
}
