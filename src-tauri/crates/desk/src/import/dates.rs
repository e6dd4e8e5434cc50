//! Dates as files write them, for a list's date fields, which the service
//! takes as `YYYY-MM-DD`: ISO (`2024-03-04`, a time after it dropped),
//! the Russian `04.03.2024`, slashed `04/03/2024` (day or month first, as
//! the marketer said), and Excel's day numbers (`32874`, a date cell saved
//! as a number). A slashed date whose order the column does not tell
//! (no part past 12 anywhere) is asked, never guessed.

use chrono::{Duration, NaiveDate};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Which part of a slashed date is the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum SlashOrder {
    DayFirst,
    MonthFirst,
    /// Both readings are dates for every value: the marketer is asked.
    Either,
}

/// What a column's slashed dates allow, as its cells are read.
#[derive(Debug, Clone, Copy, Default)]
pub struct SlashDates {
    seen: bool,
    day_first: bool,
    month_first: bool,
}

impl SlashDates {
    pub fn note(&mut self, cell: &str) {
        let Some((first, second, year)) = slashed(cell) else { return };
        let day_first = NaiveDate::from_ymd_opt(year, second, first).is_some();
        let month_first = NaiveDate::from_ymd_opt(year, first, second).is_some();
        if !self.seen {
            (self.seen, self.day_first, self.month_first) = (true, true, true);
        }
        self.day_first &= day_first;
        self.month_first &= month_first;
    }

    /// The order the column's slashed dates have; `None` without any, or
    /// when no one order reads them all.
    pub fn order(&self) -> Option<SlashOrder> {
        match (self.seen, self.day_first, self.month_first) {
            (true, true, true) => Some(SlashOrder::Either),
            (true, true, false) => Some(SlashOrder::DayFirst),
            (true, false, true) => Some(SlashOrder::MonthFirst),
            _ => None,
        }
    }
}

/// `a/b/yyyy` as its three numbers.
fn slashed(cell: &str) -> Option<(u32, u32, i32)> {
    let mut parts = cell.trim().split('/');
    let (a, b, year) = (parts.next()?, parts.next()?, parts.next()?);
    let small = |p: &str| (1..=2).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit());
    if parts.next().is_some() || !small(a) || !small(b) || year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    Some((a.parse().ok()?, b.parse().ok()?, year.parse().ok()?))
}

/// The last day Excel has: 9999-12-31.
const LAST_EXCEL_DAY: i64 = 2_958_465;
/// Day numbers below this (up to 1905-10-01) are more likely years.
const FIRST_SERIAL: i64 = 2101;

/// A cell as the service's date, or as it is when it is no date this
/// knows (the service then says what it thinks of it). `slashes`: the
/// order of slashed dates, as the marketer said; unsaid, they stay as
/// they are.
pub fn service_date(cell: &str, slashes: Option<SlashOrder>) -> Cow<'_, str> {
    parse(cell.trim(), slashes).map_or(Cow::Borrowed(cell), |date| Cow::Owned(date.format("%Y-%m-%d").to_string()))
}

fn parse(cell: &str, slashes: Option<SlashOrder>) -> Option<NaiveDate> {
    let day = cell.split([' ', 'T']).next().unwrap_or_default();
    if let Ok(date) = NaiveDate::parse_from_str(day, "%Y-%m-%d") {
        return Some(date);
    }
    if let Ok(date) = NaiveDate::parse_from_str(day, "%d.%m.%Y") {
        return Some(date);
    }
    if let Some((first, second, year)) = slashed(day) {
        return match slashes? {
            SlashOrder::DayFirst => NaiveDate::from_ymd_opt(year, second, first),
            SlashOrder::MonthFirst => NaiveDate::from_ymd_opt(year, first, second),
            SlashOrder::Either => None,
        };
    }
    // A day number, its time of day (a fraction) dropped; one that could be
    // a year (up to 2100) is read as a year would be: as no date.
    let serial: f64 = cell.parse().ok().filter(|n: &f64| n.is_finite())?;
    let serial = serial.trunc() as i64;
    if !(FIRST_SERIAL..=LAST_EXCEL_DAY).contains(&serial) {
        return None;
    }
    // Counted from 30 December 1899: Excel's day 60 is a 29 February 1900
    // that never was, so the days after it (all of these) land right.
    NaiveDate::from_ymd_opt(1899, 12, 30)?.checked_add_signed(Duration::days(serial))
}

/// A plan's date fields and the order of each one's slashed dates.
#[derive(Debug, Clone, Default)]
pub struct Dates {
    fields: Vec<u8>,
    orders: BTreeMap<u8, SlashOrder>,
}

impl Dates {
    pub fn new(fields: &[u8], orders: &BTreeMap<u8, SlashOrder>) -> Self {
        Dates { fields: fields.to_vec(), orders: orders.clone() }
    }

    /// The value for a field: a date field's as the service's date.
    pub fn value<'a>(&self, field_id: u8, cell: &'a str) -> Cow<'a, str> {
        if self.fields.contains(&field_id) {
            service_date(cell, self.orders.get(&field_id).copied())
        } else {
            Cow::Borrowed(cell)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_as_files_write_them_become_the_service_s() {
        let day_first = Some(SlashOrder::DayFirst);
        for (cell, want) in [
            ("2024-03-04", "2024-03-04"),
            ("2024-03-04 09:30:00", "2024-03-04"),
            ("04.03.2024", "2024-03-04"),
            ("04/03/2024", "2024-03-04"),
            ("32874", "1990-01-01"),
            ("45943", "2025-10-13"),
            ("45943.541", "2025-10-13"),
        ] {
            assert_eq!(service_date(cell, day_first), want, "{cell}");
        }
        assert_eq!(service_date("04/03/2024", Some(SlashOrder::MonthFirst)), "2024-04-03");
        for cell in ["скоро", "31.02.2024", "04/03/2024", "3000000", "1985", "-40000"] {
            assert_eq!(service_date(cell, None), cell, "{cell} stays as it is");
        }
    }

    #[test]
    fn a_column_tells_its_order_when_a_part_is_past_twelve_and_is_asked_otherwise() {
        let order = |cells: &[&str]| {
            let mut dates = SlashDates::default();
            cells.iter().for_each(|c| dates.note(c));
            dates.order()
        };
        assert_eq!(order(&["03/04/2024", "11/12/2023"]), Some(SlashOrder::Either));
        assert_eq!(order(&["03/04/2024", "25/12/2023"]), Some(SlashOrder::DayFirst));
        assert_eq!(order(&["03/04/2024", "12/25/2023", ""]), Some(SlashOrder::MonthFirst));
        assert_eq!(order(&["25/12/2023", "12/25/2023"]), None, "no one order reads both");
        assert_eq!(order(&["Омск", "2024-03-04"]), None);
    }

    #[test]
    fn each_date_field_reads_its_slashes_in_its_own_order() {
        let orders = BTreeMap::from([(2, SlashOrder::DayFirst), (3, SlashOrder::MonthFirst)]);
        let dates = Dates::new(&[2, 3, 4], &orders);
        assert_eq!(dates.value(2, "03/04/2024"), "2024-04-03");
        assert_eq!(dates.value(3, "03/04/2024"), "2024-03-04");
        assert_eq!(dates.value(4, "03/04/2024"), "03/04/2024", "a field whose order is unsaid keeps it");
        assert_eq!(dates.value(1, "32874"), "32874", "a field that is no date keeps its value");
    }
}
