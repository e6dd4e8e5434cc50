//! Counting the requests an action costs, through the sandbox's own request
//! log (`GET /v2/sandbox/requests`, which neither counts against the
//! account's limit nor shows in the log). An action runs from `begin` until
//! what it shows is on screen (`shown`); the requests that keep coming
//! after that, until the log has been quiet for [`QUIET`], are its "after".
//! Every request falls in exactly one window: each starts where the last
//! one settled. "After" starts when the test saw the screen, within a
//! poll (~0.1 s) of it being drawn, so a request made the moment the page
//! draws may count as the action's own; both count to its cost. The
//! table can set aside what a test knows is not the action's (the app's
//! background work landing in its window).

use chrono::{DateTime, Utc};
use serde_json::Value;
use std::time::{Duration, Instant};

/// Quiet this long, the log is taken to have settled after an action.
pub const QUIET: Duration = Duration::from_secs(1);
/// Waiting for quiet gives up after this: an app that never stops asking
/// shows as a large "after", marked "never quiet".
const QUIET_AT_MOST: Duration = Duration::from_secs(20);

/// One request as the sandbox's log shows it.
pub struct Logged {
    pub at: DateTime<Utc>,
    /// `GET /v2/lists/1/members` on v2, the method (`dialogs.list`) on the legacy interface.
    pub what: String,
    /// How it was refused as too many (HTTP 429 or code 58), if it was.
    pub refused: Option<String>,
}

/// An action's window in time: `from` until shown, then until quiet.
pub struct Mark {
    pub action: &'static str,
    from: DateTime<Utc>,
    shown: DateTime<Utc>,
    to: DateTime<Utc>,
    /// From the action's start until shown; none for the background.
    took: Option<Duration>,
    quiet: bool,
    /// Whether it counts to the total (the background and extra looks do not).
    pub in_total: bool,
}

pub struct Meter {
    http: reqwest::Client,
    url: String,
    key: String,
    log: Vec<Logged>,
    since: DateTime<Utc>,
    marks: Vec<Mark>,
    started: Instant,
    /// Whether the table has been printed; if not, a failing test prints it.
    printed: bool,
}

impl Meter {
    /// A meter on the sandbox at `base_url` (ending in `/v2`), read with the account's key.
    pub async fn new(base_url: &str, key: &str) -> Meter {
        let mut meter = Meter {
            http: reqwest::Client::new(),
            url: format!("{base_url}/sandbox/requests"),
            key: key.to_string(),
            log: Vec::new(),
            since: Utc::now(),
            marks: Vec::new(),
            started: Instant::now(),
            printed: false,
        };
        assert_eq!(meter.read().await, 0, "nothing has asked the sandbox yet");
        meter
    }

    /// Reads the whole log again; answers how many requests it holds.
    async fn read(&mut self) -> usize {
        let answer = self.http.get(&self.url).bearer_auth(&self.key).send().await.expect("the sandbox's request log");
        let body: Value = answer.json().await.expect("the log as JSON");
        let records = body["response"]["data"].as_array().unwrap_or_else(|| panic!("not a list of requests: {body}"));
        self.log = records.iter().map(logged).collect();
        self.log.len()
    }

    /// The action begins now (its requests are those since the last one settled).
    pub fn begin(&mut self) {
        self.started = Instant::now();
    }

    /// What the action shows is on screen now: counts on until the log is quiet.
    pub async fn shown(&mut self, action: &'static str) {
        self.settle(action, true).await;
    }

    /// As `shown`, for an action measured beside the total.
    pub async fn shown_apart(&mut self, action: &'static str) {
        self.settle(action, false).await;
    }

    async fn settle(&mut self, action: &'static str, in_total: bool) {
        let (shown, took) = (Utc::now(), Some(self.started.elapsed()));
        let (to, quiet) = self.quiet().await;
        self.marks.push(Mark { action, from: self.since, shown, to, took, quiet, in_total });
        self.since = to;
    }

    /// Watches what comes by itself for `window`, then until quiet: the background.
    pub async fn background(&mut self, action: &'static str, window: Duration) {
        // Measuring, not waiting for the window: nothing on screen marks the background's end.
        tokio::time::sleep(window).await;
        let (to, quiet) = self.quiet().await;
        self.marks.push(Mark { action, from: self.since, shown: to, to, took: None, quiet, in_total: false });
        self.since = to;
    }

    /// Polls the log until it has not grown for [`QUIET`]; answers then, and whether it settled.
    async fn quiet(&mut self) -> (DateTime<Utc>, bool) {
        let deadline = Instant::now() + QUIET_AT_MOST;
        let mut count = self.read().await;
        let mut grew = Instant::now();
        loop {
            tokio::time::sleep(Duration::from_millis(200)).await;
            let now = self.read().await;
            if now != count {
                (count, grew) = (now, Instant::now());
            }
            if grew.elapsed() >= QUIET || Instant::now() > deadline {
                return (Utc::now(), grew.elapsed() >= QUIET);
            }
        }
    }

    fn within(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<&Logged> {
        self.log.iter().filter(|r| r.at >= from && r.at < to).collect()
    }

    /// An action's requests until shown, and after.
    pub fn counts(&self, mark: &Mark) -> (Vec<&Logged>, Vec<&Logged>) {
        (self.within(mark.from, mark.shown), self.within(mark.shown, mark.to))
    }

    /// The action (or background) measured as `action`.
    pub fn mark(&self, action: &str) -> &Mark {
        self.marks.iter().find(|m| m.action == action).unwrap_or_else(|| panic!("nothing measured as {action}"))
    }

    /// The actions that count to the total, in order.
    pub fn actions(&self) -> impl Iterator<Item = &Mark> {
        self.marks.iter().filter(|m| m.in_total)
    }

    /// Every answer refused as too many, through the whole run.
    pub fn refused(&self) -> Vec<&str> {
        self.log.iter().filter_map(|r| r.refused.as_deref()).collect()
    }

    /// Prints the table (once; a failure after this does not print it again).
    pub fn print(&mut self, aside: &dyn Fn(&Mark, &Logged) -> bool) {
        println!("{}", self.report(aside));
        self.printed = true;
    }

    /// The table of every action, then its requests by path, and what was
    /// refused. What `aside` picks in an action's window (the background
    /// landing there) is counted in a column of its own.
    pub fn report(&self, aside: &dyn Fn(&Mark, &Logged) -> bool) -> String {
        let mut table = String::from("| action | requests | after | aside | shown in |\n|---|---:|---:|---:|---:|\n");
        let mut detail = String::new();
        let (mut total, mut total_after, mut total_aside) = (0, 0, 0);
        // The background's own rows are all background: nothing aside there.
        let aside = |mark: &Mark, r: &Logged| mark.took.is_some() && aside(mark, r);
        for mark in &self.marks {
            let (requests, after) = self.counts(mark);
            let (set, requests): (Vec<&Logged>, _) = requests.into_iter().partition(|r| aside(mark, r));
            let (set_after, after): (Vec<&Logged>, _) = after.into_iter().partition(|r| aside(mark, r));
            let set = [set, set_after].concat();
            let took = mark.took.map(|t| format!("{:.2} s", t.as_secs_f64())).unwrap_or_default();
            let unsettled = if mark.quiet { "" } else { " (never quiet)" };
            let apart = if mark.in_total || mark.took.is_none() { "" } else { " (apart)" };
            let (n, after_n, set_n) = (requests.len(), after.len(), set.len());
            table += &format!("| {}{apart}{unsettled} | {n} | {after_n} | {set_n} | {took} |\n", mark.action);
            if mark.in_total {
                (total, total_after, total_aside) = (total + n, total_after + after_n, total_aside + set_n);
            }
            detail += &format!("{}: {}", mark.action, by_path(&requests));
            for (what, rs) in [("after", after), ("aside", set)] {
                if !rs.is_empty() {
                    detail += &format!("; {what}: {}", by_path(&rs));
                }
            }
            detail += "\n";
        }
        table += &format!("| **total** | **{total}** | **{total_after}** | {total_aside} | |\n");
        let refused = self.refused();
        let refused = if refused.is_empty() { "none".to_string() } else { refused.join(", ") };
        format!("{table}\nrefused as too many (429 or code 58): {refused}\n\nrequests by path:\n{detail}")
    }
}

impl Drop for Meter {
    /// A run cut short still shows what it counted up to there.
    fn drop(&mut self) {
        if std::thread::panicking() && !self.printed {
            eprintln!("requests counted before the failure:\n{}", self.report(&|_, _| false));
        }
    }
}

fn logged(record: &Value) -> Logged {
    let text = |name: &str| record[name].as_str().unwrap_or_default().to_string();
    let at = DateTime::parse_from_rfc3339(&text("at")).unwrap_or_else(|e| panic!("a time in {record}: {e}"));
    let what = match text("interface").as_str() {
        "legacy" => text("path"),
        _ => format!("{} {}", text("method"), text("path")),
    };
    let (status, code) = (record["status"].as_u64().unwrap_or(0), record["code"].as_i64());
    let refused = (status == 429 || code == Some(58)).then(|| format!("{what} ({status}, code {code:?})"));
    Logged { at: at.with_timezone(&Utc), what, refused }
}

/// `GET /v2/lists ×2, dialogs.list ×1`, in the order first asked.
fn by_path(requests: &[&Logged]) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for r in requests {
        match seen.iter_mut().find(|(what, _)| *what == r.what) {
            Some((_, n)) => *n += 1,
            None => seen.push((&r.what, 1)),
        }
    }
    seen.iter().map(|(what, n)| format!("{what} ×{n}")).collect::<Vec<_>>().join(", ")
}
