//! What the Lists area reads and writes, beyond single api calls.

use crate::explain::UiError;
use api::fields::Field;
use api::members::{Member, MemberQuery, MemberState};
use api::{Client, Page};
use serde::{Deserialize, Serialize};

/// A new name for a list.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Rename {
    pub list_id: i64,
    pub name: String,
}

/// A page of a list's subscribers, as the subscribers table asks for it.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MembersQuery {
    pub list_id: i64,
    pub start: u64,
    pub limit: u64,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub state: Option<MemberState>,
}

/// The page, with the list's field definitions to title its columns.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MembersPage {
    pub fields: Vec<Field>,
    pub page: Page<Member>,
}

pub const MAX_PAGE: u64 = 500;

pub async fn members_page(client: &Client, query: &MembersQuery) -> Result<MembersPage, UiError> {
    let failed = |e: api::Error| UiError::from_api(&e, "load the subscribers");
    let list = api::lists::get(client, query.list_id).await.map_err(failed)?;
    let filter = MemberQuery { state: query.state, order: None };
    let page = api::members::list(client, query.list_id, &filter)
        .starting_at(query.start)
        .page_size(query.limit.clamp(1, MAX_PAGE))
        .next_page()
        .await
        .map_err(failed)?;
    let page = page.unwrap_or(Page { items: vec![], start: query.start, limit: query.limit, has_more: false });
    Ok(MembersPage { fields: list.fields(), page })
}

/// A list name as typed: trimmed, not empty, not absurdly long.
pub fn list_name(name: &str) -> Result<String, UiError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(UiError::input("A list needs a name.", "Type a name such as “Newsletter”."));
    }
    if name.chars().count() > 200 {
        return Err(UiError::input("That list name is longer than 200 characters.", "Shorten the name."));
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_names_are_trimmed_and_required() {
        assert_eq!(list_name("  News  ").unwrap(), "News");
        assert!(list_name("   ").is_err());
        assert!(list_name(&"x".repeat(201)).is_err());
    }
}
