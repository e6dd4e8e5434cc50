//! The dashboard's drawing at scale: 1,000,000 events of a campaign are
//! counted (activity per hour, clicks per link, bounces per code, opens per
//! client and per region, the funnel) and every chart of the dashboard is
//! drawn as SVG. Beside it, the same events merely counted by type: the
//! least any report over them must do. Target: 150 ms or less at the median,
//! printed last as `dashboard: N ms (target 150 ms)`.
//!
//! Run: `cargo bench -p charts --bench dashboard`

use charts::tally::{count, top, Activity};
use charts::{bars, funnel, lines, Bar, Theme};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use std::time::Instant;

const EVENTS: usize = 1_000_000;
const RUNS: usize = 15;
const WIDE: u32 = 760;

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Sent,
    Bounced,
    Opened,
    Clicked,
}

struct Event {
    at: NaiveDateTime,
    kind: Kind,
    link: u16,
    client: u8,
    region: u8,
    bounce: u16,
}

const LINKS: [&str; 12] = [
    "https://shop.example/spring-sale",
    "https://shop.example/catalogue/coffee/arabica-ethiopia-yirgacheffe?utm_source=mail&utm_campaign=spring",
    "https://shop.example/tea",
    "https://shop.example/delivery",
    "https://shop.example/account",
    "https://shop.example/app",
    "https://t.me/shop_example",
    "https://vk.com/shop_example",
    "https://shop.example/blog/how-to-brew",
    "https://shop.example/gift-cards",
    "https://shop.example/stores/moscow",
    "https://shop.example/stores/kazan",
];
const CLIENTS: [&str; 8] = ["gmail", "apple_mail", "outlook", "yandex", "mailru", "thunderbird", "win", "android"];
const REGIONS: [&str; 10] = [
    "Москва",
    "Санкт-Петербург",
    "Казань",
    "Новосибирск",
    "Екатеринбург",
    "Berlin",
    "Riga",
    "Almaty",
    "Tbilisi",
    "Helsinki",
];

/// A campaign's events as the simulator spreads them: sends in the first
/// hour, opens and clicks over a heavy-tailed week.
fn events() -> Vec<Event> {
    let mut rng = fastrand::Rng::with_seed(8);
    let start = NaiveDate::from_ymd_opt(2026, 3, 2).and_then(|d| d.and_hms_opt(9, 0, 0)).unwrap_or_default();
    (0..EVENTS)
        .map(|_| {
            let roll = rng.u16(..1000);
            let kind = match roll {
                0..=499 => Kind::Sent,
                500..=512 => Kind::Bounced,
                513..=899 => Kind::Opened,
                _ => Kind::Clicked,
            };
            let minutes = 90.0 * (-(1.0 - rng.f64()).ln()).powf(1.6);
            Event {
                at: start + Duration::seconds((minutes * 60.0) as i64),
                kind,
                link: rng.u16(..LINKS.len() as u16),
                client: rng.u8(..CLIENTS.len() as u8),
                region: rng.u8(..REGIONS.len() as u8),
                bounce: [550, 553, 452, 554][rng.usize(..4)],
            }
        })
        .collect()
}

fn dashboard(events: &[Event], theme: Theme) -> usize {
    let mut activity = Activity::default();
    let (mut sent, mut bounced, mut opened, mut clicked) = (0.0, 0.0, 0.0, 0.0);
    for e in events {
        match e.kind {
            Kind::Sent => sent += 1.0,
            Kind::Bounced => bounced += 1.0,
            Kind::Opened => {
                opened += 1.0;
                activity.add(e.at, 1.0, 0.0);
            }
            Kind::Clicked => {
                clicked += 1.0;
                activity.add(e.at, 0.0, 1.0);
            }
        }
    }
    let of = |kind: Kind| events.iter().filter(move |e| e.kind == kind);
    let links = count(of(Kind::Clicked).map(|e| e.link));
    let bounces = count(of(Kind::Bounced).map(|e| e.bounce));
    let clients = count(of(Kind::Opened).map(|e| e.client));
    let regions = count(of(Kind::Opened).map(|e| e.region));
    let steps = [("Отправлено", sent), ("Доставлено", sent - bounced), ("Открыли", opened), ("Кликнули", clicked)]
        .map(|(label, value)| Bar { label: label.into(), value });
    let (axis, series) = activity.drawn("Открытия", "Клики", "DD.MM");
    let drawn = [
        funnel(&steps, WIDE, theme),
        lines(&axis, &series, WIDE, 260, theme),
        bars(&top(links.into_iter().map(|(i, n)| (LINKS[i as usize], n)), 10), WIDE, theme),
        bars(&top(bounces.into_iter().map(|(code, n)| (format!("{code} · mailbox"), n)), 10), WIDE, theme),
        bars(&top(clients.into_iter().map(|(i, n)| (CLIENTS[i as usize], n)), 10), WIDE, theme),
        bars(&top(regions.into_iter().map(|(i, n)| (REGIONS[i as usize], n)), 10), WIDE, theme),
    ];
    drawn.into_iter().map(|chart| chart.expect("a chart").svg.len()).sum()
}

fn median(mut runs: Vec<f64>) -> f64 {
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

fn main() {
    let events = events();
    let mut full = Vec::new();
    let mut reference = Vec::new();
    let mut bytes = 0;
    for n in 0..RUNS {
        let began = Instant::now();
        bytes = dashboard(&events, if n % 2 == 0 { Theme::Light } else { Theme::Dark });
        full.push(began.elapsed().as_secs_f64() * 1000.0);
        let began = Instant::now();
        let by_type = count(events.iter().map(|e| e.kind as u8));
        std::hint::black_box(by_type);
        reference.push(began.elapsed().as_secs_f64() * 1000.0);
    }
    let (full, reference) = (median(full), median(reference));
    println!(
        "{EVENTS} events counted and six charts drawn ({:.0} KB of SVG): median {full:.1} ms",
        bytes as f64 / 1024.0
    );
    println!("the same events only counted by type: median {reference:.1} ms (ratio {:.1})", full / reference);
    println!("dashboard: {full:.0} ms (target 150 ms)");
}
