//! A list's subscribers saved into a file the user picks: the whole list,
//! what the table's filter matches (read from the service a page at a time
//! and written as it comes), or the rows ticked. Columns: the address, the
//! state and the subscription time, then every additional field of the
//! list under its title; every cell is text that stays text.

use super::chosen::Chosen;
use super::{Action, SubscriberRow};
use crate::command::Cx;
use crate::error::{failed, Result};
use crate::export::{save_streamed, written_time, Opened, RowPages, TableFormat};
use crate::session::Session;
use crate::views::SubscriberState;
use crate::work::Progress;
use serde::Deserialize;

/// The fixed columns' names and the states, in the reader's language.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ExportWords {
    pub email: String,
    pub state: String,
    pub subscribed_at: String,
    pub active: String,
    pub unsubscribed: String,
    pub bounced: String,
    pub complained: String,
    pub unconfirmed: String,
    pub inactive: String,
    pub unknown: String,
}

impl ExportWords {
    fn state(&self, state: SubscriberState) -> &str {
        match state {
            SubscriberState::Active => &self.active,
            SubscriberState::Unsubscribed => &self.unsubscribed,
            SubscriberState::Bounced => &self.bounced,
            SubscriberState::Complained => &self.complained,
            SubscriberState::Unconfirmed => &self.unconfirmed,
            SubscriberState::Inactive => &self.inactive,
            SubscriberState::Unknown => &self.unknown,
        }
    }
}

/// What a subscribers export is asked for.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriberExport {
    pub which: Chosen,
    pub words: ExportWords,
    /// The file's suggested name, without extension.
    pub name: String,
    pub format: TableFormat,
}

/// A row's cells: address, state, subscribed, then each field in `fields`' order.
fn cells(row: SubscriberRow, fields: &[u8], words: &ExportWords) -> Vec<String> {
    let mut cells = vec![row.email, words.state(row.state).to_string(), written_time(row.subscribed_at)];
    let mut values = row.values;
    cells.extend(fields.iter().map(|id| values.remove(id).unwrap_or_default()));
    cells
}

/// Where the rows come from: the service, page by page, or the rows ticked.
enum Source {
    Matching(super::matching::MatchingPages),
    Rows(Option<Vec<SubscriberRow>>),
}

struct Pages {
    source: Source,
    fields: Vec<u8>,
    words: ExportWords,
}

impl RowPages for Pages {
    async fn next_page(&mut self) -> Result<(Vec<Vec<String>>, bool)> {
        let (rows, more) = match &mut self.source {
            Source::Matching(pager) => match pager.next_page().await.map_err(failed(Action::ExportSubscribers))? {
                Some(page) => (page.items.into_iter().map(SubscriberRow::from).collect(), page.has_more),
                None => (Vec::new(), false),
            },
            Source::Rows(rows) => (rows.take().unwrap_or_default(), false),
        };
        Ok((rows.into_iter().map(|row| cells(row, &self.fields, &self.words)).collect(), more))
    }
}

/// The list's fields (every one, in the list's order) and the columns' names.
async fn columns(session: &Session, list_id: i64, words: &ExportWords) -> Result<(Vec<u8>, Vec<String>)> {
    let fields = super::list_fields(session, list_id, Action::ExportSubscribers).await?;
    let mut header = vec![words.email.clone(), words.state.clone(), words.subscribed_at.clone()];
    header.extend(fields.iter().map(|f| f.title.clone()));
    Ok((fields.iter().map(|f| f.id).collect(), header))
}

/// Saves the subscribers asked for where the user picks, reporting rows
/// written; `None` when they cancel the dialog. Answers the file's size.
pub async fn export_subscribers(
    cx: &Cx<'_>,
    session: &Session,
    request: &SubscriberExport,
    task_id: &str,
    progress: impl Fn(Progress),
) -> Result<Option<u64>> {
    let open = async {
        let (fields, header) = columns(session, request.which.list_id(), &request.words).await?;
        let (source, total) = match &request.which {
            Chosen::Matching(filter) => {
                (Source::Matching(filter.pages(session)), filter.count(session, Action::ExportSubscribers).await?)
            }
            Chosen::Rows { rows, .. } => (Source::Rows(Some(rows.clone())), Some(rows.len() as u64)),
        };
        Ok(Opened { header, pages: Pages { source, fields, words: request.words.clone() }, total })
    };
    save_streamed(cx, &request.name, request.format, Action::ExportSubscribers, task_id, progress, open).await
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn words() -> ExportWords {
        ExportWords {
            email: "Эл. почта".into(),
            state: "Статус".into(),
            subscribed_at: "Подписан".into(),
            active: "Активен".into(),
            unsubscribed: "Отписан".into(),
            bounced: "Недоставка".into(),
            complained: "Жалоба".into(),
            unconfirmed: "Не подтвердил".into(),
            inactive: "Неактивен".into(),
            unknown: "?".into(),
        }
    }

    #[test]
    fn a_row_is_its_address_state_time_then_every_field_in_the_lists_order() {
        let row = SubscriberRow {
            id: 7,
            list_id: 1,
            email: "anna@example.ru".into(),
            state: SubscriberState::Unsubscribed,
            values: [(3, "01234".to_string()), (1, "Анна".to_string())].into_iter().collect(),
            subscribed_at: Some("2024-05-01T09:30:00".into()),
            unsubscribed_at: None,
            edited_at: None,
            rating: None,
        };
        assert_eq!(
            cells(row, &[1, 2, 3], &words()),
            ["anna@example.ru", "Отписан", "2024-05-01 09:30:00", "Анна", "", "01234"],
            "a field with no value keeps its column"
        );
    }
}
