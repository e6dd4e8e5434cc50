//! Paging over `start`/`limit`: the service answers `meta.has_more` and no
//! total, so callers walk pages with [`Pager::next_page`] instead of loops of
//! their own.

use crate::error::Result;
use crate::transport::Client;
use serde::de::DeserializeOwned;
use std::marker::PhantomData;

pub const DEFAULT_PAGE_SIZE: u64 = 100;

/// One page of records and where it sits.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub start: u64,
    pub limit: u64,
    pub has_more: bool,
}

/// Walks a v2 collection page by page.
#[derive(Debug)]
pub struct Pager<T> {
    client: Client,
    path: Vec<String>,
    query: Vec<(&'static str, String)>,
    start: u64,
    limit: u64,
    finished: bool,
    record: PhantomData<fn() -> T>,
}

impl<T: DeserializeOwned> Pager<T> {
    pub(crate) fn new(client: &Client, path: Vec<String>, query: Vec<(&'static str, String)>) -> Self {
        Pager {
            client: client.clone(),
            path,
            query,
            start: 0,
            limit: DEFAULT_PAGE_SIZE,
            finished: false,
            record: PhantomData,
        }
    }

    pub fn starting_at(mut self, start: u64) -> Self {
        self.start = start;
        self
    }

    pub fn page_size(mut self, limit: u64) -> Self {
        self.limit = limit.max(1);
        self
    }

    /// The next page, or `None` once the service said there is no more.
    pub async fn next_page(&mut self) -> Result<Option<Page<T>>> {
        if self.finished {
            return Ok(None);
        }
        let mut query = self.query.clone();
        query.push(("start", self.start.to_string()));
        query.push(("limit", self.limit.to_string()));
        let reply = self.client.get(&self.path, &query).await?;
        let has_more = reply.meta.has_more;
        let items: Vec<T> = match reply.data {
            serde_json::Value::Null => Vec::new(),
            _ => reply.decode()?,
        };
        let page = Page { start: self.start, limit: self.limit, has_more, items };
        self.start += self.limit;
        self.finished = !has_more || page.items.is_empty();
        Ok(Some(page))
    }

    /// Every remaining record; for collections known to be small.
    pub async fn collect_all(mut self) -> Result<Vec<T>> {
        let mut all = Vec::new();
        while let Some(page) = self.next_page().await? {
            all.extend(page.items);
        }
        Ok(all)
    }
}
