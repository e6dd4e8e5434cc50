//! A list's members who match conditions not saved as a segment. The
//! service lists members only by a saved segment's id, so the rows are
//! found here: the list is read in its order and each record tested, by the
//! rules the service applies (case does not matter; `greater` and `less`
//! compare numbers as numbers, other text as text, and never match an empty
//! value). The service counts such conditions (`/segments/count`); a service
//! without that count has them counted here, by the same rules.
//!
//! The table asks for a page by its place among the matches. Walking from
//! the list's start for each page would cost the whole list again for every
//! page, so the walk remembers where it got to: after so many records of the
//! list, so many matched. A page begins from the nearest such mark at or
//! before it. The first page starts the marks anew, since what the table
//! reads again from the top may have changed.

use super::{Action, SegmentCount, SubscriberPage, SubscriberQuery, SubscriberRow, MAX_PAGE};
use crate::error::{failed, Result};
use crate::letter::{Segment, SegmentField, SegmentOp};
use crate::session::{AccountDir, AreaState, Session};
use api::members::{Member, MemberQuery, MemberState};
use api::{Page, Pager};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::Mutex;

/// Walks of one filter kept at once; an older one is simply walked again.
const KEPT_WALKS: usize = 16;
/// Pages read side by side while walking: a rare match may be far down.
const AHEAD: u64 = 4;

/// Whether a member's record meets the conditions; none is everyone.
pub(crate) fn admits(segment: &Segment, member: &Member) -> bool {
    if segment.conditions.is_empty() {
        return true;
    }
    let holds = |c: &crate::letter::SegmentCondition| {
        let actual = match c.field {
            SegmentField::Email => member.email.0.as_str(),
            SegmentField::Field(n) => member.merges.get(n).unwrap_or_default(),
        };
        holds(c.op, actual, &c.value)
    };
    if segment.match_all {
        segment.conditions.iter().all(holds)
    } else {
        segment.conditions.iter().any(holds)
    }
}

fn compare(a: &str, b: &str) -> Ordering {
    match (a.trim().parse::<f64>(), b.trim().parse::<f64>()) {
        (Ok(x), Ok(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        _ => a.cmp(b),
    }
}

fn holds(op: SegmentOp, actual: &str, wanted: &str) -> bool {
    let (a, w) = (actual.to_lowercase(), wanted.to_lowercase());
    match op {
        SegmentOp::Is => a == w,
        SegmentOp::IsNot => a != w,
        SegmentOp::Contains => a.contains(&w),
        SegmentOp::NotContains => !a.contains(&w),
        SegmentOp::Starts => a.starts_with(&w),
        SegmentOp::Ends => a.ends_with(&w),
        SegmentOp::Greater => !a.is_empty() && compare(&a, &w) == Ordering::Greater,
        SegmentOp::Less => !a.is_empty() && compare(&a, &w) == Ordering::Less,
    }
}

/// The conditions a filter carries, when they narrow anything.
pub(crate) fn narrowing(conditions: Option<&Segment>) -> Option<&Segment> {
    conditions.filter(|s| !s.conditions.is_empty())
}

/// A walk's marks: after `read` records of the list, `matched` matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mark {
    read: u64,
    matched: u64,
}

/// The marks of the walks made lately, by what they walk.
#[derive(Default)]
struct Walks(Mutex<HashMap<String, Vec<Mark>>>);

impl AreaState for Walks {
    fn open(_: Option<&AccountDir>) -> Self {
        Walks::default()
    }
}

impl Walks {
    /// The furthest mark at or before the `start`-th match.
    fn from(&self, key: &str, start: u64) -> Mark {
        let mut walks = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if start == 0 {
            walks.remove(key);
        }
        let marks = walks.get(key).map(Vec::as_slice).unwrap_or_default();
        marks
            .iter()
            .copied()
            .filter(|m| m.matched <= start)
            .max_by_key(|m| m.read)
            .unwrap_or(Mark { read: 0, matched: 0 })
    }

    fn note(&self, key: &str, mark: Mark) {
        let mut walks = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if !walks.contains_key(key) && walks.len() >= KEPT_WALKS {
            walks.clear();
        }
        let marks = walks.entry(key.to_string()).or_default();
        if !marks.contains(&mark) {
            marks.push(mark);
        }
    }
}

/// A page of the members matching the query's conditions, by their place
/// among the matches.
pub(super) async fn page(session: &Session, query: &SubscriberQuery, conditions: &Segment) -> Result<SubscriberPage> {
    let filter = &query.filter;
    let key = format!("{filter:?}");
    let walks = session.state::<Walks>();
    let limit = query.limit.clamp(1, MAX_PAGE);
    let mut at = walks.from(&key, query.start);
    let mut pager = api::members::list(session.client(), filter.list_id, &filter.member_query())
        .starting_at(at.read)
        .page_size(MAX_PAGE)
        .reading_ahead(AHEAD);
    let mut rows = Vec::new();
    let mut more = true;
    'walk: while let Some(page) = pager.next_page().await.map_err(failed(Action::LoadSubscribers))? {
        let last = !page.has_more;
        for member in page.items {
            if rows.len() as u64 == limit {
                break 'walk;
            }
            at.read += 1;
            if admits(conditions, &member) {
                if at.matched >= query.start {
                    rows.push(SubscriberRow::from(member));
                }
                at.matched += 1;
            }
        }
        walks.note(&key, at);
        if last {
            more = false;
        }
    }
    walks.note(&key, at);
    Ok(SubscriberPage { start: query.start, rows, has_more: more })
}

/// How many of the list's members meet the conditions, in any state and
/// active: the whole list read and tested, for a service that does not count
/// them itself.
pub(super) async fn count(session: &Session, list_id: i64, conditions: &Segment) -> Result<SegmentCount> {
    let mut pager =
        api::members::list(session.client(), list_id, &MemberQuery::default()).page_size(MAX_PAGE).reading_ahead(AHEAD);
    let (mut matching, mut active) = (0, 0);
    while let Some(page) = pager.next_page().await.map_err(failed(Action::CountSegment))? {
        for member in page.items.iter().filter(|m| admits(conditions, m)) {
            matching += 1;
            active += u64::from(member.state == MemberState::Active);
        }
    }
    Ok(SegmentCount { matching, active: Some(active) })
}

/// Pages of a list's members for a long walk (an export, a change of
/// many), keeping only those who match conditions when there are some.
pub(crate) struct MatchingPages {
    /// Boxed: a walk's state is large, and it travels in enums beside small things.
    pager: Box<Pager<Member>>,
    conditions: Option<Segment>,
}

impl MatchingPages {
    pub(crate) fn new(pager: Pager<Member>, conditions: Option<&Segment>) -> Self {
        MatchingPages { pager: Box::new(pager), conditions: narrowing(conditions).cloned() }
    }

    pub(crate) fn reading_ahead(self, pages: u64) -> Self {
        MatchingPages { pager: Box::new(self.pager.reading_ahead(pages)), ..self }
    }

    /// The next page read, holding only the records that match; it may be
    /// empty while more follow.
    pub(crate) async fn next_page(&mut self) -> api::Result<Option<Page<Member>>> {
        let mut page = self.pager.next_page().await?;
        if let (Some(page), Some(conditions)) = (page.as_mut(), &self.conditions) {
            page.items.retain(|m| admits(conditions, m));
        }
        Ok(page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letter::SegmentCondition;

    fn member(email: &str, name: &str, age: &str) -> Member {
        serde_json::from_value(serde_json::json!({
            "id": 1, "list_id": 1, "email": email, "state": "active", "merge_1": name, "merge_6": age
        }))
        .unwrap()
    }

    fn condition(field: SegmentField, op: SegmentOp, value: &str) -> SegmentCondition {
        SegmentCondition { field, op, value: value.into() }
    }

    #[test]
    fn conditions_hold_as_the_service_tests_them() {
        let anna = member("Anna@Mail.RU", "Анна", "42");
        let all = Segment {
            match_all: true,
            conditions: vec![
                condition(SegmentField::Email, SegmentOp::Ends, "@mail.ru"),
                condition(SegmentField::Field(1), SegmentOp::Is, "АННА"),
                condition(SegmentField::Field(6), SegmentOp::Greater, "9"),
            ],
        };
        assert!(admits(&all, &anna), "case does not matter, and 42 > 9 as numbers");
        let empty_less =
            Segment { match_all: true, conditions: vec![condition(SegmentField::Field(3), SegmentOp::Less, "z")] };
        assert!(!admits(&empty_less, &anna), "an empty value is never less");
        let any = Segment {
            match_all: false,
            conditions: vec![
                condition(SegmentField::Field(1), SegmentOp::Starts, "Бор"),
                condition(SegmentField::Email, SegmentOp::NotContains, "gmail"),
            ],
        };
        assert!(admits(&any, &anna));
        assert!(admits(&Segment { match_all: true, conditions: vec![] }, &anna), "no condition is everyone");
    }

    #[test]
    fn text_is_ordered_without_regard_to_case_as_the_spec_says() {
        let anna = member("anna@mail.ru", "Apple", "");
        let one = |op, value: &str| Segment {
            match_all: true,
            conditions: vec![condition(SegmentField::Field(1), op, value)],
        };
        assert!(admits(&one(SegmentOp::Greater, "abc"), &anna), "Apple comes after abc, whatever its case");
        assert!(!admits(&one(SegmentOp::Less, "abc"), &anna));
        assert!(!admits(&one(SegmentOp::Greater, "APPLE"), &anna), "Apple is APPLE");
    }

    #[test]
    fn a_page_starts_from_the_furthest_mark_before_it_and_the_first_starts_anew() {
        let walks = Walks::default();
        walks.note("k", Mark { read: 500, matched: 40 });
        walks.note("k", Mark { read: 1000, matched: 90 });
        walks.note("k", Mark { read: 1500, matched: 130 });
        assert_eq!(walks.from("k", 100), Mark { read: 1000, matched: 90 });
        assert_eq!(walks.from("other", 100), Mark { read: 0, matched: 0 });
        assert_eq!(walks.from("k", 0), Mark { read: 0, matched: 0 });
        assert_eq!(walks.from("k", 100), Mark { read: 0, matched: 0 }, "the first page forgot the old walk");
    }
}
