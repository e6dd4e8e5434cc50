//! Start time and memory of Campaign Desk against the smallest Tauri app,
//! both built in this workspace with the same profile and started the same
//! way (WebKitWebDriver, a real WebKitGTK window). Run by `scripts/bench-start`
//! inside a private desktop session; prints the medians and their ratios.
//!
//! Time: from asking for the window to a usable screen (the demo's lists
//! table; the reference's page). Memory: proportional set size summed over
//! the app's process and its WebKit processes, once the screen is usable.

use e2e::app::data_dir_for;
use e2e::processes::target_dir;
use e2e::App;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tempfile::TempDir;

const RUNS: usize = 9;
const TIME_TARGET: f64 = 1.1;
const MEMORY_TARGET: f64 = 1.1;

fn binary(name: &str) -> PathBuf {
    let profile = std::env::var("BENCH_PROFILE").unwrap_or_else(|_| "release".into());
    let path = target_dir().join(profile).join(name);
    // /proc names a process's executable by its canonical path.
    path.canonicalize().unwrap_or_else(|_| panic!("{} is not built: run scripts/bench-start", path.display()))
}

/// The process whose executable is `exe`, and every process below it.
fn process_tree(exe: &Path) -> Vec<u32> {
    let procs: Vec<(u32, u32, Option<PathBuf>)> = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            let parent = stat.rsplit_once(')')?.1.split_whitespace().nth(1)?.parse().ok()?;
            Some((pid, parent, std::fs::read_link(format!("/proc/{pid}/exe")).ok()))
        })
        .collect();
    let mut tree: Vec<u32> = procs.iter().filter(|(_, _, e)| e.as_deref() == Some(exe)).map(|(p, _, _)| *p).collect();
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(procs.iter().filter(|(_, pp, _)| *pp == parent).map(|(p, _, _)| *p));
        i += 1;
    }
    tree
}

/// Proportional set size of one process, in MiB.
fn pss_mib(pid: u32) -> f64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).unwrap_or_default();
    let kib: u64 = text
        .lines()
        .find(|l| l.starts_with("Pss:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0);
    kib as f64 / 1024.0
}

/// Each process's name and proportional set size, in MiB.
fn memory_by_process(pids: &[u32]) -> Vec<(String, f64)> {
    pids.iter()
        .map(|pid| {
            let name = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
            (name.trim().to_string(), pss_mib(*pid))
        })
        .collect()
}

struct Sample {
    seconds: f64,
    /// When the page began to load, from asking for the window.
    navigation: f64,
    mib: f64,
    /// Each process's name and its share of `mib`.
    processes: Vec<(String, f64)>,
    /// What the page loaded and when, in milliseconds from its start.
    timeline: Vec<String>,
}

/// Every resource the page fetched (its scripts and the app's IPC calls)
/// and the paints, as "start-end name", in milliseconds from the page's start.
const TIMELINE: &str = "const n = performance.getEntriesByType('navigation')[0]; \
    const steps = n ? [`${Math.round(n.responseEnd)} ms page received`, `${Math.round(n.domInteractive)} ms page parsed`, \
    `${Math.round(n.domContentLoadedEventStart)} ms module scripts run`] : []; \
    return steps.concat(performance.getEntries().map(e => \
    `${Math.round(e.startTime)}-${Math.round(e.startTime + e.duration)} ms ${e.entryType} ${e.name.replace(/^.*\\/\\//, '')}`))";

/// One start on `data`, answered with the directory for the next start.
async fn start_once(name: &str, exe: &Path, data: TempDir, args: &[&str], ready: &str) -> (Sample, TempDir) {
    let started = Instant::now();
    let wall = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_secs_f64();
    let app = App::launch_binary(name, exe, data, args, &[]).await;
    app.wait_every(Duration::from_millis(5), ready).await;
    let seconds = started.elapsed().as_secs_f64();
    let origin = app.script("return performance.timeOrigin").await.as_f64().unwrap_or_default() / 1000.0;
    let timeline = app.script(TIMELINE).await;
    let timeline = timeline.as_array().into_iter().flatten().filter_map(|e| e.as_str().map(String::from)).collect();
    // Let the first paint and the demo's first requests settle before measuring memory.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let processes = memory_by_process(&process_tree(exe));
    let mib = processes.iter().map(|(_, mib)| mib).sum();
    let data = app.close().await;
    (Sample { seconds, navigation: origin - wall, mib, processes, timeline }, data)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    values[values.len() / 2]
}

#[tokio::main]
async fn main() {
    let desk = binary("campaign-desk");
    let reference = binary("start-reference");
    // Every start after the first is measured: the first seeds the demo
    // (as on a marketer's first day) and warms the disk cache.
    let desk_ready = "[data-testid=lists-table]";
    let (_, mut desk_dir) =
        start_once("bench-warm-desk", &desk, data_dir_for("bench-desk"), &["--demo"], desk_ready).await;
    let (_, mut reference_dir) =
        start_once("bench-warm-reference", &reference, data_dir_for("bench-reference"), &[], "#ready").await;
    let (mut desk_runs, mut reference_runs) = (Vec::new(), Vec::new());
    for run in 0..RUNS {
        let d;
        (d, desk_dir) = start_once(&format!("bench-desk-{run}"), &desk, desk_dir, &["--demo"], desk_ready).await;
        let r;
        (r, reference_dir) =
            start_once(&format!("bench-reference-{run}"), &reference, reference_dir, &[], "#ready").await;
        println!(
            "run {run}: Campaign Desk {:.2} s (page from {:.2} s), {:.0} MiB in {} processes; \
             reference {:.2} s (page from {:.2} s), {:.0} MiB in {} processes",
            d.seconds,
            d.navigation,
            d.mib,
            d.processes.len(),
            r.seconds,
            r.navigation,
            r.mib,
            r.processes.len()
        );
        desk_runs.push(d);
        reference_runs.push(r);
    }
    for (name, runs) in [("Campaign Desk", &desk_runs), ("reference", &reference_runs)] {
        if let Some(last) = runs.last() {
            println!("the last {name} start, in the page:\n  {}", last.timeline.join("\n  "));
            let memory: Vec<String> =
                last.processes.iter().map(|(process, mib)| format!("{process} {mib:.0} MiB")).collect();
            println!("  memory: {}", memory.join(", "));
        }
    }
    let time = |runs: &[Sample]| median(runs.iter().map(|s| s.seconds).collect());
    let memory = |runs: &[Sample]| median(runs.iter().map(|s| s.mib).collect());
    let (dt, rt) = (time(&desk_runs), time(&reference_runs));
    let (dm, rm) = (memory(&desk_runs), memory(&reference_runs));
    println!("time to a usable screen (median of {RUNS}): Campaign Desk {dt:.2} s, reference {rt:.2} s");
    // What the page itself takes, from the start of its load: the rest is the window's.
    let in_page = |runs: &[Sample]| median(runs.iter().map(|s| s.seconds - s.navigation).collect()) * 1000.0;
    println!(
        "of which in the page (median): Campaign Desk {:.0} ms, reference {:.0} ms",
        in_page(&desk_runs),
        in_page(&reference_runs)
    );
    println!("memory, PSS (median of {RUNS}): Campaign Desk {dm:.0} MiB, reference {rm:.0} MiB");
    println!("start time ratio: {:.2} (target {TIME_TARGET} or less)", dt / rt);
    println!("memory ratio: {:.2} (target {MEMORY_TARGET} or less)", dm / rm);
    println!("start: {:.0} ms (target {:.0} ms)", dt * 1000.0, rt * TIME_TARGET * 1000.0);
}
