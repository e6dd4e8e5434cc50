//! What an operation is called with and what it answers: the one shape
//! every operation of the service layer shares, below all of them.

use crate::fault::Result;
use crate::params::Params;
use rusqlite::Connection;
use serde_json::Value;

/// What a key may do in the inbound-processing area; sub-account rights
/// are set separately there.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RouterAccess {
    #[default]
    Full,
    ReadOnly,
    Denied,
}

/// One call of an operation.
#[derive(Debug, Clone, Default)]
pub struct Call {
    pub params: Params,
    /// The legacy interface formats some records differently.
    pub legacy: bool,
    pub router: RouterAccess,
}

/// What an operation answers: the envelope's `data`, and paging meta when
/// the operation pages.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub data: Value,
    pub paging: Option<Paging>,
    /// Work that goes on after the answer.
    pub jobs: Vec<Job>,
}

/// Work an operation leaves to run after it has answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    Import {
        import_id: i64,
        file: String,
        mapping: Mapping,
    },
    MeasureAttachment {
        attachment_id: i64,
        url: String,
    },
    /// POSTs a route's webhook or arrival notification.
    Deliver {
        delivery_id: i64,
    },
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paging {
    pub has_more: bool,
    pub limit: i64,
}

impl Outcome {
    pub fn data(data: impl Into<Value>) -> Self {
        Outcome { data: data.into(), paging: None, jobs: Vec::new() }
    }

    pub fn page(rows: Vec<Value>, limit: i64, has_more: bool) -> Self {
        Outcome { data: Value::Array(rows), paging: Some(Paging { has_more, limit }), jobs: Vec::new() }
    }
}

pub type Operation = fn(&Connection, &Call) -> Result<Outcome>;

/// Which columns of the file hold what.
#[derive(Debug, Clone, PartialEq)]
pub struct Mapping {
    /// `csv`, `xls`, `xlsx` or `ods`.
    pub kind: String,
    /// Which sheet of a workbook: by name, else by index from 0, else the first.
    pub sheet_name: Option<String>,
    pub sheet_index: Option<usize>,
    pub email: usize,
    pub merges: Vec<(u8, usize)>,
    pub gender: Option<String>,
    pub update: bool,
}
