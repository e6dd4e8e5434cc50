//! A file of a million subscribers checked on this computer before an
//! import (`desk::import`): rows a second, beside the bare reading of the
//! same file by the `csv` crate (every record split into fields, nothing
//! judged) measured in the same run, and how much memory the check grew
//! by. Targets: 500,000 rows a second or more, under 100 MB.
//!
//! The import's upload through the service is not built yet: its half of
//! the benchmark (the pipeline against the same batches posted in a tight
//! loop) comes with it.
//!
//! Run: `cargo bench -p desk --bench import`

use desk::import::check_bytes;
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

/// The most memory the process has held, in bytes (Linux; 0 elsewhere).
fn peak_memory() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.split_whitespace().next());
    kb.and_then(|kb| kb.parse::<u64>().ok()).unwrap_or(0) * 1024
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
    let bytes = file();
    println!("file: {} rows, {:.1} MB", ROWS, bytes.len() as f64 / 1e6);
    let before = peak_memory();
    let (checked, rows) = best_of(|| check_bytes(bytes.clone()).expect("readable").rows);
    let grew = peak_memory().saturating_sub(before);
    assert_eq!(rows, u64::from(ROWS));
    let (bare, records) = best_of(|| {
        let mut reader = csv::ReaderBuilder::new().delimiter(b';').from_reader(bytes.as_slice());
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
    println!("import: {rate:.0} rows/s checked (target 500000), pipeline not built yet");
}
