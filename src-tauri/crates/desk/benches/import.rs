//! A file of a million subscribers checked on this computer before an
//! import (`desk::import`), read from disk as the app reads it: rows a
//! second, beside the bare reading of the same file by the `csv` crate
//! (every record split into fields, nothing decoded or judged) measured in
//! the same run, and how much the process's peak memory grew. Targets:
//! 500,000 rows a second or more, under 100 MB.
//!
//! The import's upload through the service is not built yet: its half of
//! the benchmark (the pipeline against the same batches posted in a tight
//! loop) comes with it.
//!
//! Run: `cargo bench -p desk --bench import`

use desk::import::check_file;
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
    println!("import: {rate:.0} rows/s checked (target 500000), pipeline not built yet");
}
