//! What the marketer decided for a file: which column goes where, whether
//! the typo fixes are taken and the role addresses kept, whether addresses
//! already in the list are updated. From it, each row's fate: sent as a
//! subscriber, or skipped with its reason. The same file and plan always
//! give the same fates, so a resumed import skips what an earlier run sent
//! and sends nothing twice.

use super::check::{Reason, RowJudge};
use super::file::Row;
use api::members::{MergeValues, NewMember};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Where a column of the file goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "to", rename_all = "camelCase")]
pub enum ColumnUse {
    /// The subscriber's address: exactly one column.
    Address,
    /// One of the list's fields, by its number.
    #[serde(rename_all = "camelCase")]
    Field {
        field_id: u8,
    },
    /// A text field made in the list when the import starts.
    NewField {
        title: String,
    },
    Skip,
}

/// The marketer's choices about the rows the check warned of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Choices {
    /// Send a likely typo with its fix; otherwise the row is skipped.
    pub fix_typos: bool,
    /// Send role addresses (`info@`); otherwise they are skipped.
    pub keep_roles: bool,
    /// An address already in the list takes the file's values; otherwise
    /// its record stays as it is.
    pub update_existing: bool,
}

/// A file's import as decided.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ImportPlan {
    pub list_id: i64,
    /// The file the marketer picked, by the id the app gave it: the page
    /// never names a path on this computer.
    pub file_id: String,
    /// Whether the first row names the columns.
    pub header: bool,
    /// By column, from the first.
    pub columns: Vec<ColumnUse>,
    pub choices: Choices,
}

impl ImportPlan {
    /// The address column: the first marked so.
    pub fn email_column(&self) -> Option<usize> {
        self.columns.iter().position(|c| *c == ColumnUse::Address)
    }
}

/// Addresses this account must not subscribe again, lower-cased, with why.
#[derive(Debug, Clone, Default)]
pub struct Excluded(HashMap<String, Reason>);

impl Excluded {
    pub fn add(&mut self, address: &str, reason: Reason) {
        self.0.entry(address.trim().to_lowercase()).or_insert(reason);
    }

    fn reason(&self, address: &str) -> Option<Reason> {
        self.0.get(&address.trim().to_lowercase()).copied()
    }

    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

/// What becomes of a row.
#[derive(Debug, Clone, PartialEq)]
pub enum Fate {
    Send(NewMember),
    /// Skipped, with the reason and, for a typo, the address meant.
    Skip(Reason, Option<String>),
}

/// Each row's fate under a plan, rows taken in order.
pub struct Decider<'a> {
    email_column: usize,
    /// The columns that fill a field, with its number.
    fields: Vec<(usize, u8)>,
    choices: Choices,
    judge: RowJudge,
    excluded: &'a Excluded,
    /// The addresses sent so far, as sent (a typo's fix may repeat an
    /// earlier row's address): each goes once.
    sent: std::collections::HashSet<u64>,
}

/// The file at `path` read as `plan` says (its first row a header or not),
/// and the decider of its rows: what the upload, its count and the error
/// file each go through.
pub(super) fn open_planned<'a>(
    path: &std::path::Path,
    plan: &ImportPlan,
    excluded: &'a Excluded,
) -> crate::error::Result<(super::file::OpenedFile, Decider<'a>)> {
    let mut file = super::file::open_file(path).map_err(super::unreadable)?;
    file.layout.header = plan.header;
    let decider = Decider::new(plan, excluded).ok_or_else(|| crate::error::DeskError::ImportFileRefused {
        problem: crate::error::FileProblem::NoAddressColumn,
        detail: String::new(),
    })?;
    Ok((file, decider))
}

impl<'a> Decider<'a> {
    /// `None` when the plan marks no column as the address, or still has a
    /// field to make.
    pub fn new(plan: &ImportPlan, excluded: &'a Excluded) -> Option<Self> {
        let email_column = plan.email_column()?;
        let mut fields = Vec::new();
        for (column, use_) in plan.columns.iter().enumerate() {
            match use_ {
                ColumnUse::Field { field_id } => fields.push((column, *field_id)),
                ColumnUse::NewField { .. } => return None,
                ColumnUse::Address | ColumnUse::Skip => {}
            }
        }
        let judge = RowJudge::new(email_column);
        Some(Decider { email_column, fields, choices: plan.choices, judge, excluded, sent: Default::default() })
    }

    pub fn decide(&mut self, row: Row<'_>) -> Fate {
        let mut email = row.cell(self.email_column).trim().to_string();
        match self.judge.judge(row) {
            None => {}
            Some((Reason::TypoDomain, Some(meant))) if self.choices.fix_typos => email = meant,
            Some((Reason::RoleAddress, _)) if self.choices.keep_roles => {}
            Some((reason, suggestion)) => return Fate::Skip(reason, suggestion),
        }
        if let Some(reason) = self.excluded.reason(&email) {
            return Fate::Skip(reason, None);
        }
        if !self.sent.insert(super::check::key(&email)) {
            return Fate::Skip(Reason::Duplicate, None);
        }
        let mut merges = MergeValues::default();
        for (column, field_id) in &self.fields {
            let value = row.cell(*column).trim();
            if !value.is_empty() {
                merges.set(*field_id, value);
            }
        }
        Fate::Send(NewMember { email, merges, ..NewMember::default() })
    }
}

/// The use a column is offered: the address column found; else the one the
/// marketer chose for a column of this name in this list before; else the
/// list's field of that title or variable, or the usual field both name in
/// either language ("Имя" and "First name"); else a new field named after
/// the column; a column without a name is skipped.
pub fn suggested_uses(
    names: &[String],
    email_column: usize,
    fields: &[(u8, String, String)],
    remembered: &HashMap<String, ColumnUse>,
) -> Vec<ColumnUse> {
    let plain = super::columns::plain_name;
    names
        .iter()
        .enumerate()
        .map(|(column, name)| {
            if column == email_column {
                return ColumnUse::Address;
            }
            let key = plain(name);
            if key.is_empty() {
                return ColumnUse::Skip;
            }
            if let Some(kept) = remembered.get(&key) {
                let still_there = match kept {
                    ColumnUse::Field { field_id } => fields.iter().any(|(id, ..)| id == field_id),
                    ColumnUse::Address => false,
                    _ => true,
                };
                if still_there {
                    return kept.clone();
                }
            }
            let known = super::columns::known_field(name);
            let same = |title: &str, tag: &str| {
                plain(title) == key
                    || plain(tag) == key
                    || known.is_some_and(|k| super::columns::known_field(title) == Some(k))
            };
            match fields.iter().find(|(_, title, tag)| same(title, tag)) {
                Some((field_id, ..)) => ColumnUse::Field { field_id: *field_id },
                None => ColumnUse::NewField { title: name.trim().to_string() },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::open_bytes;

    fn plan(columns: Vec<ColumnUse>, choices: Choices) -> ImportPlan {
        ImportPlan { list_id: 1, file_id: String::new(), header: true, columns, choices }
    }

    fn fates(file: &str, plan: &ImportPlan, excluded: &Excluded) -> Vec<(u64, Fate)> {
        let mut decider = Decider::new(plan, excluded).unwrap();
        let mut out = Vec::new();
        open_bytes(file.as_bytes().to_vec())
            .unwrap()
            .for_each_row(|row, cells| {
                out.push((row, decider.decide(cells)));
                true
            })
            .unwrap();
        out
    }

    fn sent(email: &str, city: Option<&str>) -> Fate {
        let mut merges = MergeValues::default();
        if let Some(city) = city {
            merges.set(2, city);
        }
        Fate::Send(NewMember { email: email.into(), merges, ..NewMember::default() })
    }

    #[test]
    fn each_row_is_sent_or_skipped_as_the_choices_say() {
        let file = "E-mail;Город;Заметка\nivan@x.ru;Омск;a\noleg@gmial.com;;b\ninfo@shop.ru;Тула;c\nIVAN@x.ru;Омск;d\nanna@x.ru;Томск;e\nbad@;;\n";
        let columns = vec![ColumnUse::Address, ColumnUse::Field { field_id: 2 }, ColumnUse::Skip];
        let mut excluded = Excluded::default();
        excluded.add("Anna@X.ru", Reason::Unsubscribed);
        let cautious = plan(columns.clone(), Choices { fix_typos: false, keep_roles: false, update_existing: false });
        assert_eq!(
            fates(file, &cautious, &excluded),
            vec![
                (2, sent("ivan@x.ru", Some("Омск"))),
                (3, Fate::Skip(Reason::TypoDomain, Some("oleg@gmail.com".into()))),
                (4, Fate::Skip(Reason::RoleAddress, None)),
                (5, Fate::Skip(Reason::Duplicate, None)),
                (6, Fate::Skip(Reason::Unsubscribed, None)),
                (7, Fate::Skip(Reason::InvalidAddress, None)),
            ]
        );
        let trusting = plan(columns, Choices { fix_typos: true, keep_roles: true, update_existing: false });
        let fates = fates(file, &trusting, &excluded);
        assert_eq!(fates[1], (3, sent("oleg@gmail.com", None)), "the fix is sent, and an empty cell fills nothing");
        assert_eq!(fates[2], (4, sent("info@shop.ru", Some("Тула"))));
        assert_eq!(fates[4], (6, Fate::Skip(Reason::Unsubscribed, None)), "never resubscribed, whatever the choices");
    }

    #[test]
    fn a_plan_without_an_address_or_with_a_field_still_to_make_decides_nothing() {
        let choices = Choices { fix_typos: true, keep_roles: true, update_existing: true };
        let excluded = Excluded::default();
        assert!(Decider::new(&plan(vec![ColumnUse::Skip], choices), &excluded).is_none());
        let unmade = plan(vec![ColumnUse::Address, ColumnUse::NewField { title: "Город".into() }], choices);
        assert!(Decider::new(&unmade, &excluded).is_none());
    }

    #[test]
    fn columns_are_offered_by_memory_then_by_the_list_s_fields_then_as_new_fields() {
        let names: Vec<String> = ["Email", "Имя", "City", "Телефон", "", "Фамилия"].map(String::from).to_vec();
        let fields = vec![
            (1, "Имя".to_string(), "NAME1".to_string()),
            (3, "Город".to_string(), "CITY".to_string()),
            (4, "Last name".to_string(), "LNAME".to_string()),
        ];
        let mut remembered = HashMap::new();
        remembered.insert("телефон".to_string(), ColumnUse::Skip);
        remembered.insert("имя".to_string(), ColumnUse::Field { field_id: 9 });
        assert_eq!(
            suggested_uses(&names, 0, &fields, &remembered),
            vec![
                ColumnUse::Address,
                ColumnUse::Field { field_id: 1 },
                ColumnUse::Field { field_id: 3 },
                ColumnUse::Skip,
                ColumnUse::Skip,
                ColumnUse::Field { field_id: 4 },
            ],
            "a remembered field that is gone is not offered; Фамилия is the Last name"
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Whatever the rows and the choices: each row is decided, no address
        /// goes twice whatever its case, none goes that the account excluded,
        /// and every address that goes is one.
        #[test]
        fn no_address_goes_twice_and_none_that_is_not_one(
            picks in proptest::collection::vec(0usize..12, 1..60),
            fix_typos: bool,
            keep_roles: bool,
        ) {
            const POOL: [&str; 12] = [
                "anna@x.ru", "ANNA@x.ru", "anna@gmial.com", "anna@gmail.com", "info@x.ru", "",
                "bad@", "oleg@mail.ry", "oleg@mail.ru", "gone@x.ru", " anna@x.ru ", "ivan@пример.рф",
            ];
            let file: String = std::iter::once("email".to_string())
                .chain(picks.iter().map(|&i| POOL[i].to_string()))
                .collect::<Vec<_>>()
                .join("\n") + "\n";
            let mut excluded = Excluded::default();
            excluded.add("gone@x.ru", Reason::Unsubscribed);
            let plan = plan(vec![ColumnUse::Address], Choices { fix_typos, keep_roles, update_existing: false });
            let decided = fates(&file, &plan, &excluded);
            let blank = picks.iter().filter(|&&i| POOL[i].is_empty()).count();
            proptest::prop_assert_eq!(decided.len() + blank, picks.len(), "every row but the blank ones decided");
            let mut seen = std::collections::HashSet::new();
            let mut judge = crate::import::Judge::default();
            for (_, fate) in &decided {
                if let Fate::Send(member) = fate {
                    proptest::prop_assert!(seen.insert(member.email.to_lowercase()), "{} twice", member.email);
                    proptest::prop_assert_ne!(member.email.as_str(), "gone@x.ru");
                    let verdict = judge.judge(&member.email);
                    proptest::prop_assert!(!matches!(verdict, crate::import::Verdict::Missing | crate::import::Verdict::Invalid));
                }
            }
        }
    }
}
