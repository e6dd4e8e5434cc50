//! The charts' words in Russian, read from the app's own catalogue under the
//! keys the page's `useChartWords` reads: tests and benchmarks draw what the
//! Russian reader sees.

use desk::reports::ChartWords;
use std::collections::HashMap;

pub fn russian() -> ChartWords {
    let catalogue: HashMap<String, String> =
        serde_json::from_str(include_str!("../../../../../ui/src/areas/reports/words.ru.json"))
            .expect("the Russian catalogue");
    let word = |key: &str| catalogue.get(key).cloned().unwrap_or_else(|| panic!("{key} is in the catalogue"));
    ChartWords {
        sent: word("reports.card.sent"),
        delivered: word("reports.card.delivered"),
        opened: word("reports.card.opened"),
        clicked: word("reports.card.clicked"),
        opens: word("reports.series.opens"),
        clicks: word("reports.series.clicks"),
        delivery_rate: word("reports.rateName.delivery"),
        open_rate: word("reports.rateName.open"),
        click_rate: word("reports.rateName.click"),
        click_to_open: word("reports.card.clickToOpen"),
        unsubscribe_rate: word("reports.rateName.unsubscribe"),
        hour: word("reports.hourUnit"),
        // What Intl gives the page for Russian.
        decimal: ",".into(),
        day_month: "DD.MM".into(),
        percent: "# %".into(),
        weekdays: ["пн", "вт", "ср", "чт", "пт", "сб", "вс"].map(String::from).to_vec(),
        mobile: word("reports.device.mobile"),
        desktop: word("reports.device.desktop"),
        tablet: word("reports.device.tablet"),
        other_device: word("reports.device.other"),
        light_mode: word("reports.mode.light"),
        dark_mode: word("reports.mode.dark"),
        bounce_hard: word("reports.bounce.hard"),
        bounce_soft: word("reports.bounce.soft"),
        bounce_blocked: word("reports.bounce.blocked"),
        bounce_spam: word("reports.bounce.spam"),
    }
}
