//! What the marketer decided for a file: which column goes where, whether
//! the typo fixes are taken and the role addresses kept, whether addresses
//! already in the list are updated. From it, each row's fate: sent as a
//! subscriber, or skipped with its reason. The same file and plan always
//! give the same fates, so a resumed import skips what an earlier run sent
//! and sends nothing twice.

use super::check::{Reason, RowJudge};
use super::file::Row;
use crate::address::{Judge, Verdict};
use api::members::{MergeValues, NewMember};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

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
    /// How the file is read where the marketer corrected the app's guess
    /// (its encoding, delimiter, sheet), as the preview read it.
    #[serde(default)]
    pub reading: super::file::Reading,
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
    /// Sent in place of the first row with the same address, which the
    /// service refused (for its values, say): a repeat otherwise. It goes
    /// on its own, after the refusal, so its journal line names it alone.
    /// An address goes again once: refused twice, its later rows repeat it
    /// (an address the service refuses as such is not tried row by row).
    SendAgain(NewMember),
    /// Skipped, with the reason and, for a typo, the address meant.
    Skip(Reason, Option<String>),
}

/// What became of the rows of an address sent so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Went {
    Taken,
    /// Its first row refused: the next row with it goes again.
    Refused,
    /// Refused again: the address goes no more.
    RefusedAgain,
}

/// Each row's fate under a plan, rows taken in order.
pub struct Decider<'a> {
    email_column: usize,
    /// The columns that fill a field, with its number.
    fields: Vec<(usize, u8)>,
    choices: Choices,
    judge: RowJudge,
    /// Judges a repeated row's address as its own.
    own: Judge,
    excluded: &'a Excluded,
    /// The addresses sent so far, as sent (a typo's fix may repeat an
    /// earlier row's address), each with what became of its rows: each
    /// goes once, or again once after a refusal.
    sent: HashMap<u64, Went>,
    /// The rows the service refused, by number.
    refused: HashSet<u64>,
    /// The addresses a row repeated (skipped as a duplicate).
    repeated: HashSet<u64>,
    /// The list's date fields, whose values go as the service's dates.
    dates: super::dates::Dates,
}

/// The file at `path` read as `plan` says (its first row a header or not),
/// and the decider of its rows: what the upload, its count and the error
/// file each go through.
pub(super) fn open_planned<'a>(
    path: &std::path::Path,
    plan: &ImportPlan,
    excluded: &'a Excluded,
) -> crate::error::Result<(super::file::OpenedFile, Decider<'a>)> {
    let mut file = super::file::open_file_with(path, &plan.reading).map_err(super::unreadable)?;
    file.layout.header = plan.header;
    let decider = Decider::new(plan, excluded).ok_or_else(|| {
        crate::error::DeskError::in_area(super::failures::ImportFailure::FileRefused {
            problem: crate::error::FileProblem::NoAddressColumn,
            detail: String::new(),
        })
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
        Some(Decider {
            email_column,
            fields,
            choices: plan.choices,
            judge,
            own: Judge::default(),
            excluded,
            sent: HashMap::new(),
            refused: HashSet::new(),
            repeated: HashSet::new(),
            dates: super::dates::Dates::new(&plan.reading.date_fields, &plan.reading.slash_orders),
        })
    }

    /// The same decider knowing which rows the service refused: their
    /// addresses go again with the next row that has them.
    pub fn knowing_refused(self, refused: HashSet<u64>) -> Self {
        Decider { refused, ..self }
    }

    /// The addresses rows repeated so far, by [`super::check::key`].
    pub fn repeated_keys(self) -> HashSet<u64> {
        self.repeated
    }

    /// The fate of a row, refusals left aside: what the file's count goes by.
    pub fn decide(&mut self, cells: Row<'_>) -> Fate {
        self.decide_at(0, cells)
    }

    /// The fate of the file's row number `at`.
    pub fn decide_at(&mut self, at: u64, row: Row<'_>) -> Fate {
        let raw = row.cell(self.email_column).trim();
        let email = match self.judge.judge(row) {
            // A repeat of a row the service refused may go in its place.
            Some((Reason::Duplicate, _)) => match self.repeat(raw) {
                Some(email) => email,
                None => return Fate::Skip(Reason::Duplicate, None),
            },
            verdict => match self.address(raw, verdict) {
                Ok(email) => email,
                Err(skipped) => return skipped,
            },
        };
        let key = super::check::key(&email);
        let refused = self.refused.contains(&at);
        let (again, went) = match self.sent.get(&key) {
            None => (false, if refused { Went::Refused } else { Went::Taken }),
            Some(Went::Refused) => (true, if refused { Went::RefusedAgain } else { Went::Taken }),
            Some(Went::Taken | Went::RefusedAgain) => {
                self.repeated.insert(key);
                return Fate::Skip(Reason::Duplicate, None);
            }
        };
        self.sent.insert(key, went);
        let mut merges = MergeValues::default();
        for (column, field_id) in &self.fields {
            let value = row.cell(*column).trim();
            if !value.is_empty() {
                merges.set(*field_id, self.dates.value(*field_id, value));
            }
        }
        let member = NewMember { email, merges, ..NewMember::default() };
        if again {
            Fate::SendAgain(member)
        } else {
            Fate::Send(member)
        }
    }

    /// The address a row goes to as judged, or why it is skipped.
    fn address(&self, raw: &str, verdict: Option<(Reason, Option<String>)>) -> Result<String, Fate> {
        let email = match verdict {
            None => raw.to_string(),
            Some((Reason::TypoDomain, Some(meant))) if self.choices.fix_typos => meant,
            Some((Reason::RoleAddress, _)) if self.choices.keep_roles => raw.to_string(),
            Some((reason, suggestion)) => return Err(Fate::Skip(reason, suggestion)),
        };
        match self.excluded.reason(&email) {
            Some(reason) => Err(Fate::Skip(reason, None)),
            None => Ok(email),
        }
    }

    /// The address a repeat of an earlier row's goes to, when the service
    /// refused that row: judged as its own, the repeat aside.
    fn repeat(&mut self, raw: &str) -> Option<String> {
        let own = match self.own.judge(raw) {
            Verdict::Missing => Some((Reason::MissingAddress, None)),
            Verdict::Invalid => Some((Reason::InvalidAddress, None)),
            Verdict::Typo(meant) => Some((Reason::TypoDomain, Some(meant))),
            Verdict::Role => Some((Reason::RoleAddress, None)),
            Verdict::Fine => None,
        };
        let email = self.address(raw, own).ok()?;
        let key = super::check::key(&email);
        if self.sent.get(&key) == Some(&Went::Refused) {
            return Some(email);
        }
        self.repeated.insert(key);
        None
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
mod tests;
