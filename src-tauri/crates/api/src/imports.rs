//! Imports of subscribers from a file address: `/lists/{id}/members/import`,
//! the import history and the list's last status.

use crate::error::Result;
use crate::lists::ListState;
use crate::loose;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FileType {
    Csv,
    Xls,
    Xlsx,
    Xml,
    Ods,
    Slk,
    Gnumeric,
}

/// Where the file is and which of its columns (counted from 0) hold what.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportRequest {
    pub file_url: String,
    pub file_type: FileType,
    pub email_column: u32,
    /// `merge_N` to column.
    pub merge_columns: BTreeMap<u8, u32>,
    pub gender: Option<String>,
    /// Update subscribers already in the list instead of skipping them.
    pub update: bool,
    pub sheet_index: Option<u32>,
    pub sheet_name: Option<String>,
}

impl ImportRequest {
    pub fn csv(file_url: impl Into<String>, email_column: u32) -> Self {
        ImportRequest {
            file_url: file_url.into(),
            file_type: FileType::Csv,
            email_column,
            merge_columns: BTreeMap::new(),
            gender: None,
            update: false,
            sheet_index: None,
            sheet_name: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ImportStatus {
    Queued,
    Running,
    Done,
    Failed,
    #[serde(other)]
    Unknown,
}

/// How an import went, or is going.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportReport {
    pub id: loose::Id,
    pub list_id: loose::Int,
    pub status: ImportStatus,
    pub total: loose::Int,
    pub added: loose::Int,
    pub updated: loose::Int,
    pub skipped: loose::Int,
    pub invalid: loose::Int,
    pub error: loose::MaybeText,
    pub created: loose::MaybeText,
    pub finished: loose::MaybeText,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl ImportReport {
    pub fn is_finished(&self) -> bool {
        matches!(self.status, ImportStatus::Done | ImportStatus::Failed)
    }
}

/// The list's state and its latest import.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ListStatus {
    pub list_id: loose::Id,
    pub state: ListState,
    #[serde(default)]
    pub import: Option<ImportReport>,
}

fn path(list_id: i64, tail: &[&str]) -> Vec<String> {
    ["lists".to_string(), list_id.to_string()].into_iter().chain(tail.iter().map(|s| s.to_string())).collect()
}

/// Starts an import and answers its id; the service reads the file
/// afterwards. Legacy: `lists.upload`. Never retried.
pub async fn start(client: &Client, list_id: i64, request: &ImportRequest) -> Result<i64> {
    let mut body = json!({
        "file": request.file_url,
        "type": request.file_type,
        "email": request.email_column,
    });
    for (merge, column) in &request.merge_columns {
        body[format!("merge_{merge}")] = json!(column);
    }
    if let Some(gender) = &request.gender {
        body["gender"] = json!(gender);
    }
    if request.update {
        body["update"] = json!(1);
    }
    if let Some(index) = request.sheet_index {
        body["sheet_index"] = json!(index);
    }
    if let Some(name) = &request.sheet_name {
        body["sheet_name"] = json!(name);
    }
    let reply = client.post(&path(list_id, &["members", "import"]), body).await?;
    reply.id("import_id")
}

/// The list's latest import. Legacy: `lists.get_import_result`.
pub async fn result(client: &Client, list_id: i64) -> Result<ImportReport> {
    client.get(&path(list_id, &["members", "import"]), &[]).await?.decode()
}

/// Every import of the list, newest first. Legacy: `lists.get_import_history`.
pub async fn history(client: &Client, list_id: i64) -> Result<Vec<ImportReport>> {
    client.get(&path(list_id, &["import-history"]), &[]).await?.decode()
}

/// Legacy: `lists.last_status`.
pub async fn last_status(client: &Client, list_id: i64) -> Result<ListStatus> {
    client.get(&path(list_id, &["last-status"]), &[]).await?.decode()
}

/// Removes the list's bounced and complained records and answers how many.
/// Legacy: `lists.clean_list`.
pub async fn clean(client: &Client, list_id: i64) -> Result<u64> {
    let reply = client.post(&path(list_id, &["clean"]), json!({})).await?;
    reply.count("removed")
}
