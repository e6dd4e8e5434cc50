//! A file of a million subscribers checked on this computer before an
//! import (`desk::import`), read from disk as the app reads it: rows a
//! second, beside the bare reading of the same file by the `csv` crate
//! (every record split into fields, nothing decoded or judged) measured in
//! the same run, and how much the process's peak memory grew. Targets:
//! 500,000 rows a second or more, under 100 MB.
//!
//! Then the upload: 100,000 rows imported into a list of a sandbox on
//! loopback through the app's pipeline (the file read and decided again,
//! batches of the same size and as many at once, each written to the
//! journal), against the same batches, made beforehand, posted in a tight
//! loop with the same concurrency: the ceiling. Target: 0.85 of the ceiling
//! or more. Last, a list of 1,000,000 members paged through as the app
//! reads it, timed per page at its start, middle and end. Target: under
//! 5 ms a page.
//!
//! Run: `cargo bench -p desk --bench import`

use api::members::{AddOptions, MemberQuery, NewMember};
use api::{ApiKey, Client};
use desk::import::{check_file, Choices, ColumnUse, ImportPlan, Tuning};
use futures_util::StreamExt;
use std::path::Path;
use std::time::Instant;

const ROWS: u32 = 1_000_000;
const RUNS: usize = 3;

/// A file as Excel saves it on a Russian Windows: `;`, a header, names in
/// quotes with the delimiter inside, a problem now and then.
fn file() -> Vec<u8> {
    let mut text = String::from("Имя;Электронная почта;Город;Телефон\r\n");
    for i in 0..ROWS {
        let address = match i % 1000 {
            1 => format!("person{i}@gmial.com"),
            2 => "info@coffee-roasters.ru".to_string(),
            3 => String::new(),
            _ => format!("person{i}@example{}.ru", i % 50),
        };
        text.push_str(&format!("\"Петрова; Анна {i}\";{address};Новосибирск;+7913{i:07}\r\n"));
    }
    text.into_bytes()
}

/// A figure of the process's memory from `/proc/self/status`, in bytes
/// (Linux; 0 elsewhere): `VmRSS` held now, `VmHWM` the most held.
fn memory(figure: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status.lines().find_map(|l| l.strip_prefix(figure)).and_then(|v| v.split_whitespace().next());
    kb.and_then(|kb| kb.parse::<u64>().ok()).unwrap_or(0) * 1024
}

/// Starts the most-held figure again from what is held now (Linux).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn best_of(mut run: impl FnMut() -> u64) -> (f64, u64) {
    let mut best = f64::MAX;
    let mut out = 0;
    for _ in 0..RUNS {
        let began = Instant::now();
        out = run();
        best = best.min(began.elapsed().as_secs_f64());
    }
    (best, out)
}

fn main() {
    let dir = tempfile::tempdir().expect("a folder for the file");
    let path = dir.path().join("subscribers.csv");
    let size = {
        let bytes = file();
        std::fs::write(&path, &bytes).expect("the file written");
        bytes.len()
    };
    println!("file: {} rows, {:.1} MB", ROWS, size as f64 / 1e6);
    reset_peak();
    let before = memory("VmRSS:");
    let (checked, rows) = best_of(|| check_file(&path).expect("readable").rows);
    let grew = memory("VmHWM:").saturating_sub(before);
    assert_eq!(rows, u64::from(ROWS));
    let (bare, records) = best_of(|| {
        let file = std::io::BufReader::new(std::fs::File::open(&path).expect("the file"));
        let mut reader = csv::ReaderBuilder::new().delimiter(b';').from_reader(file);
        let mut record = csv::StringRecord::new();
        let mut n = 0;
        while reader.read_record(&mut record).expect("csv") {
            n += 1;
        }
        n
    });
    assert_eq!(records, u64::from(ROWS));
    let rate = f64::from(ROWS) / checked;
    println!("check: {checked:.2} s ({rate:.0} rows/s), memory grew by {:.0} MB (target 100 MB)", grew as f64 / 1e6);
    println!(
        "csv alone: {bare:.2} s ({:.0} rows/s); the check takes {:.1}× as long",
        f64::from(ROWS) / bare,
        checked / bare
    );
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a runtime");
    let (ratio, page_ms) = runtime.block_on(upload(dir.path()));
    println!(
        "targets: 500000 rows/s checked, 100 MB; pipeline 0.85 of ceiling; pages under 5 ms (95th percentile {page_ms:.1} ms)"
    );
    println!("import: {rate:.0} rows/s checked, pipeline {ratio:.2} of ceiling");
}

const KEY: &str = "bench-key";
const UPLOADED: u32 = 100_000;
const UPLOAD_RUNS: usize = 4;
const BROWSED: u32 = 1_000_000;

fn addresses(n: u32, tag: &str) -> Vec<String> {
    (0..n).map(|i| format!("reader{i}.{tag}@example{}.ru", i % 50)).collect()
}

async fn new_list(client: &Client, name: &str) -> i64 {
    let list = api::lists::NewList { name: name.into(), ..Default::default() };
    api::lists::create(client, &list).await.expect("a list")
}

/// The batches posted as fast as they go, `concurrency` at a time.
async fn tight_loop(client: &Client, list_id: i64, emails: &[String], tuning: Tuning) {
    let batches: Vec<Vec<NewMember>> = emails
        .chunks(tuning.batch_rows)
        .map(|chunk| chunk.iter().map(|e| NewMember { email: e.clone(), ..NewMember::default() }).collect())
        .collect();
    futures_util::stream::iter(batches)
        .for_each_concurrent(tuning.concurrency, |batch| async move {
            api::members::add_batch(client, list_id, &batch, AddOptions::default()).await.expect("taken");
        })
        .await;
}

/// The seconds the app's import of a file of `UPLOADED` rows takes.
async fn through_pipeline(client: &Client, dir: &Path, run: usize, tuning: Tuning) -> f64 {
    let emails = addresses(UPLOADED, &format!("p{run}"));
    let path = dir.join(format!("upload{run}.csv"));
    std::fs::write(&path, format!("email\n{}\n", emails.join("\n"))).expect("the file");
    let list_id = new_list(client, &format!("pipeline {run}")).await;
    let session = desk::Session::for_client(client.clone()).keeping_imports_in(dir.join(format!("journals{run}")));
    let plan = ImportPlan {
        list_id,
        file_id: session.imports().grant(path),
        header: true,
        columns: vec![ColumnUse::Address],
        choices: Choices { fix_typos: true, keep_roles: true, update_existing: false },
        reading: Default::default(),
    };
    let began = Instant::now();
    let done = desk::import::start(&session, &plan, tuning, |_| {}).await.expect("imported");
    let took = began.elapsed().as_secs_f64();
    assert_eq!(done.progress.sent, u64::from(UPLOADED));
    took
}

async fn upload(dir: &Path) -> (f64, f64) {
    let service = sandbox::start(sandbox::Config { db: Some(dir.join("service.sqlite")), ..sandbox::Config::new(KEY) })
        .await
        .expect("the sandbox");
    let client = Client::new(&service.base_url(), ApiKey::new(KEY)).expect("a client");
    let tuning = Tuning::default();
    let mut ceiling = f64::MAX;
    let mut pipeline = f64::MAX;
    // In turn, each going first as often as the other: the store grows with
    // every run, and a larger store takes a batch a little slower.
    for run in 0..UPLOAD_RUNS {
        for pipeline_first in [run % 2 == 1, run % 2 == 0] {
            if pipeline_first {
                pipeline = pipeline.min(through_pipeline(&client, dir, run, tuning).await);
            } else {
                let emails = addresses(UPLOADED, &format!("c{run}"));
                let list_id = new_list(&client, &format!("ceiling {run}")).await;
                let began = Instant::now();
                tight_loop(&client, list_id, &emails, tuning).await;
                ceiling = ceiling.min(began.elapsed().as_secs_f64());
            }
        }
    }
    let ratio = ceiling / pipeline;
    println!(
        "upload of {UPLOADED} rows: pipeline {pipeline:.2} s ({:.0} rows/s), tight loop {ceiling:.2} s ({:.0} rows/s): {ratio:.2} of the ceiling (target 0.85)",
        f64::from(UPLOADED) / pipeline,
        f64::from(UPLOADED) / ceiling
    );

    let big = new_list(&client, "a million").await;
    tight_loop(&client, big, &addresses(BROWSED, "m"), tuning).await;
    // Pages of 100, as the app's table reads them, at random places; the
    // first read of the list (its connection, its first anchors) apart.
    let page = |start: u64| {
        let client = client.clone();
        async move {
            let mut pager = api::members::list(&client, big, &MemberQuery::default()).page_size(100).starting_at(start);
            let began = Instant::now();
            let page = pager.next_page().await.expect("a page").expect("rows");
            assert_eq!(page.items.len(), 100);
            began.elapsed().as_secs_f64() * 1000.0
        }
    };
    let first = page(u64::from(BROWSED) - 100).await;
    let mut times = Vec::new();
    for _ in 0..50 {
        times.push(page(fastrand::u64(0..u64::from(BROWSED) - 100)).await);
    }
    times.sort_by(f64::total_cmp);
    let p95 = times[times.len() * 95 / 100];
    println!(
        "browsing {BROWSED} members: pages of 100 at random places {:.1} ms median, {p95:.1} ms at the 95th percentile, over loopback (target 5 ms; the first page: {first:.1} ms)",
        times[times.len() / 2]
    );
    service.stop().await;
    (ratio, p95)
}
