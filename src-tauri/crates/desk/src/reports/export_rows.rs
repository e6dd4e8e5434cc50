//! A row report saved whole into a file the user picks, however long:
//! read from the service a page at a time and written as it comes (CSV, or
//! XLSX in constant memory), with progress and cancel. The file appears
//! only when every row is in it; a cancelled or failed export leaves
//! nothing behind.

use super::rows::{event_query, event_row, recipient_row, EventFilter, EventRow, RecipientReport, RecipientRow};
use crate::codes::WorkspaceAction;
use crate::command::Cx;
use crate::error::{failed, Result};
use crate::export::{save_streamed, written_time, Opened, RowPages, TableFormat};
use crate::session::Session;
use crate::work::Progress;
use serde::Deserialize;

/// Which rows an export writes.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum RowsExport {
    /// Columns: address, domain, sent, opened, clicked, bounce code, bounce reason.
    Recipients(RecipientReport),
    /// Columns: time, event (the service's name), address, link, region,
    /// device, system, by machine (1), then the filter's fields.
    Events(EventFilter),
    /// The campaign's confirmation codes, one record a row; the columns are
    /// the records' own fields, as the service names them (the contract
    /// shows none), so the page's header is not used.
    ConfirmationCodes,
}

/// Rows read per request.
const PAGE: u64 = 1000;

fn recipient_cells(row: RecipientRow) -> Vec<String> {
    let domain = crate::views::domain_of(&row.email).to_string();
    vec![
        row.email,
        domain,
        written_time(row.sent_at),
        written_time(row.opened_at),
        written_time(row.clicked_at),
        row.bounce_code.unwrap_or_default(),
        row.bounce_reason.unwrap_or_default(),
    ]
}

fn event_cells(row: EventRow) -> Vec<String> {
    let mut cells = vec![
        written_time(row.at),
        row.kind.wire().unwrap_or("OTHER").to_string(),
        row.email,
        row.link.or(row.bounce_reason).unwrap_or_default(),
        row.region.unwrap_or_default(),
        row.device.unwrap_or_default(),
        row.system.unwrap_or_default(),
        if row.by_machine { "1".into() } else { String::new() },
    ];
    cells.extend(row.fields);
    cells
}

/// What the export reads page after page, through the one paging walk (it
/// ends on an empty page, and fails on a repeated page and past its
/// ceiling, whatever the service says, so a file cut short is never saved
/// as whole): a recipients report, or the events query built once.
enum Source {
    Recipients(api::Pager<api::reports::ReportRow>),
    Events(api::Pager<api::reports::Event>, Vec<String>),
    /// Read whole at once; taken by the first page.
    Codes(Vec<Vec<String>>),
}

impl Source {
    async fn of(session: &Session, campaign_id: i64, what: &RowsExport) -> Result<Source> {
        let client = session.client();
        Ok(match what {
            RowsExport::Recipients(report) => {
                Source::Recipients(api::reports::rows(client, campaign_id, (*report).into(), None).page_size(PAGE))
            }
            RowsExport::Events(filter) => {
                let query = event_query(session, campaign_id, filter, None).await?;
                let pager = api::reports::events(client, campaign_id, &query)
                    .map_err(failed(crate::codes::WorkspaceAction::ExportReport))?;
                Source::Events(pager.page_size(PAGE), query.merge)
            }
            RowsExport::ConfirmationCodes => Source::Codes(Vec::new()),
        })
    }
}

/// The records as a table: every field any of them has, once, by name; a
/// value as written (text as itself, anything else as JSON), a missing one empty.
fn records_table(records: &[serde_json::Map<String, serde_json::Value>]) -> (Vec<String>, Vec<Vec<String>>) {
    // In the order of their names: a record's own order depends on how the map was built.
    let header: Vec<String> =
        records.iter().flat_map(|r| r.keys().cloned()).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    let cell = |v: Option<&serde_json::Value>| match v {
        None | Some(serde_json::Value::Null) => String::new(),
        Some(serde_json::Value::String(s)) => printable::printable(s),
        Some(other) => other.to_string(),
    };
    let rows = records.iter().map(|r| header.iter().map(|k| cell(r.get(k))).collect()).collect();
    (header, rows)
}

impl RowPages for Source {
    async fn next_page(&mut self) -> Result<(Vec<Vec<String>>, bool)> {
        let fail = failed(crate::codes::WorkspaceAction::ExportReport);
        Ok(match self {
            Source::Recipients(pager) => match pager.next_page().await.map_err(fail)? {
                Some(page) => {
                    (page.items.into_iter().map(|r| recipient_cells(recipient_row(r))).collect(), page.has_more)
                }
                None => (Vec::new(), false),
            },
            Source::Events(pager, merge) => match pager.next_page().await.map_err(fail)? {
                Some(page) => {
                    (page.items.into_iter().map(|e| event_cells(event_row(merge, e))).collect(), page.has_more)
                }
                None => (Vec::new(), false),
            },
            Source::Codes(rows) => (std::mem::take(rows), false),
        })
    }
}

/// How many rows a recipients report has, from the campaign's summary.
async fn total(session: &Session, campaign_id: i64, what: &RowsExport) -> Result<Option<u64>> {
    let RowsExport::Recipients(report) = what else { return Ok(None) };
    let summary = api::reports::summary(session.client(), campaign_id)
        .await
        .map_err(failed(crate::codes::WorkspaceAction::ExportReport))?;
    let c = super::Counts::from(&summary);
    let n = match report {
        RecipientReport::Sent => c.sent,
        RecipientReport::Delivered => c.delivered,
        RecipientReport::Opened => c.opened,
        RecipientReport::Clicked => c.clicked,
        RecipientReport::Bounced => c.bounced,
        RecipientReport::Complained => c.complained,
        RecipientReport::Unsubscribed => c.unsubscribed,
    };
    Ok(Some(n.max(0) as u64))
}

/// What a rows export is asked for.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RowsExportRequest {
    pub campaign_id: i64,
    pub what: RowsExport,
    /// The columns' names in the reader's language, in the order above.
    pub header: Vec<String>,
    /// The file's suggested name, without extension.
    pub name: String,
    pub format: TableFormat,
}

/// Saves a whole row report where the user picks, reporting rows
/// written; `None` when they cancel the dialog. Answers the file's size.
pub async fn export_rows(
    cx: &Cx<'_>,
    session: &Session,
    request: &RowsExportRequest,
    task_id: &str,
    progress: impl Fn(Progress),
) -> Result<Option<u64>> {
    let open = async {
        if request.what == RowsExport::ConfirmationCodes {
            let records = api::reports::confirmation_codes(session.client(), request.campaign_id)
                .await
                .map_err(failed(WorkspaceAction::ExportReport))?;
            let (header, rows) = records_table(&records);
            return Ok(Opened { header, total: Some(rows.len() as u64), pages: Source::Codes(rows) });
        }
        Ok(Opened {
            header: request.header.clone(),
            total: total(session, request.campaign_id, &request.what).await?,
            pages: Source::of(session, request.campaign_id, &request.what).await?,
        })
    };
    save_streamed(cx, &request.name, request.format, WorkspaceAction::ExportReport, task_id, progress, open).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_of_fields_not_known_beforehand_are_a_table_of_their_own_fields() {
        let records: Vec<serde_json::Map<String, serde_json::Value>> = serde_json::from_str(
            r#"[{"email": "ann@mail.example", "code": "4711"}, {"email": "bob@mail.example", "used": 1, "code": null}]"#,
        )
        .unwrap();
        let (header, rows) = records_table(&records);
        assert_eq!(header, ["code", "email", "used"]);
        assert_eq!(rows, [vec!["4711", "ann@mail.example", ""], vec!["", "bob@mail.example", "1"]]);
    }

    #[test]
    fn rows_are_written_as_the_columns_say() {
        let recipient = RecipientRow {
            member_id: 1,
            list_id: 2,
            email: "ann@mail.example".into(),
            sent_at: Some("2026-03-02T09:00:00".into()),
            opened_at: None,
            clicked_at: None,
            bounce_code: Some("550".into()),
            bounce_reason: Some("5.1.1 no such user".into()),
        };
        assert_eq!(
            recipient_cells(recipient),
            ["ann@mail.example", "mail.example", "2026-03-02 09:00:00", "", "", "550", "5.1.1 no such user"]
        );
        let event = EventRow {
            at: Some("2026-03-02T09:01:00".into()),
            kind: super::super::rows::EventKind::Opened,
            email: "ann@mail.example".into(),
            member_id: 1,
            list_id: 2,
            link: None,
            region: Some("Казань".into()),
            device: Some("mobile".into()),
            system: None,
            bounce_reason: None,
            by_machine: true,
            fields: vec!["Анна".into()],
        };
        assert_eq!(
            event_cells(event),
            ["2026-03-02 09:01:00", "OPENED", "ann@mail.example", "", "Казань", "mobile", "", "1", "Анна"]
        );
    }
}
