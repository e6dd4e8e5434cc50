//! Paging: the one walk every paged read goes through, over v2's
//! `start`/`limit` (the service answers `meta.has_more` and no total) and the
//! legacy interface's `offset`/`limit` (a full page means more may follow).
//!
//! What the service says is not trusted to end a walk: a service that
//! ignores where a page starts, or says more follow forever, would keep a
//! caller reading until it runs out of memory. So a walk ends on an empty
//! page, and fails with [`Error::EndlessPaging`] on a page that repeats the
//! one before it and at a ceiling: either way what was read is not the
//! whole collection, and a caller must not take it for one.

use crate::error::{Error, Result};
use crate::transport::Client;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::collections::VecDeque;
use std::hash::Hasher;
use std::marker::PhantomData;

pub const DEFAULT_PAGE_SIZE: u64 = 100;

/// Records one walk reads at most. The service's largest lists hold a few
/// million subscribers and a campaign has a few events per recipient, so an
/// honest collection ends well before this; a service still saying "more"
/// here is not believed, and the walk fails rather than read on for ever.
pub const MOST_RECORDS: u64 = 10_000_000;

/// One page of records and where it sits.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub start: u64,
    pub limit: u64,
    pub has_more: bool,
}

/// Where the pages come from.
#[derive(Debug, Clone)]
enum Source {
    V2 {
        path: Vec<String>,
        query: Vec<(&'static str, String)>,
    },
    /// A legacy method paged by `offset` and `limit`, read only.
    Legacy {
        method: &'static str,
        params: Map<String, Value>,
    },
}

/// A page as it came, before its records are decoded.
struct Raw {
    start: u64,
    items: Value,
    has_more: bool,
}

impl std::fmt::Debug for Raw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "page at {}", self.start)
    }
}

/// Walks a collection page by page.
#[derive(Debug)]
pub struct Pager<T> {
    client: Client,
    source: Source,
    start: u64,
    limit: u64,
    ahead: u64,
    most: u64,
    /// Positions walked past since the first page.
    walked: u64,
    /// Pages read ahead and not yet taken, and the failure that stopped the reading ahead.
    fetched: VecDeque<Raw>,
    failed: Option<Error>,
    /// The last page's fingerprint, to know a page that comes again.
    last: Option<u64>,
    finished: bool,
    record: PhantomData<fn() -> T>,
}

impl<T: DeserializeOwned> Pager<T> {
    pub(crate) fn new(client: &Client, path: Vec<String>, query: Vec<(&'static str, String)>) -> Self {
        Self::over(client, Source::V2 { path, query })
    }

    /// A read-only legacy method answering an array, paged by `offset`.
    pub(crate) fn legacy(client: &Client, method: &'static str, params: Map<String, Value>) -> Self {
        Self::over(client, Source::Legacy { method, params })
    }

    fn over(client: &Client, source: Source) -> Self {
        Pager {
            client: client.clone(),
            source,
            start: 0,
            limit: DEFAULT_PAGE_SIZE,
            ahead: 1,
            most: MOST_RECORDS,
            walked: 0,
            fetched: VecDeque::new(),
            failed: None,
            last: None,
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

    /// Asks for `pages` pages side by side (a long read goes faster when
    /// the service is far away); they are still taken, and checked, in order.
    pub fn reading_ahead(mut self, pages: u64) -> Self {
        self.ahead = pages.max(1);
        self
    }

    /// A lower ceiling than [`MOST_RECORDS`], for a walk known to be short.
    pub fn at_most(mut self, records: u64) -> Self {
        self.most = records.min(MOST_RECORDS);
        self
    }

    /// The next page, or `None` once the walk is over: the service said
    /// there is no more. An empty page is the last one whatever the service
    /// said. On a page that came again (the service ignored where it
    /// starts) and past the ceiling, the walk fails with
    /// [`Error::EndlessPaging`].
    pub async fn next_page(&mut self) -> Result<Option<Page<T>>> {
        if self.finished {
            return Ok(None);
        }
        if self.fetched.is_empty() {
            if let Some(err) = self.failed.take() {
                return Err(err);
            }
            if self.walked >= self.most {
                self.finished = true;
                return Err(Error::EndlessPaging { read: self.walked });
            }
            self.read_ahead().await;
        }
        let Some(raw) = self.fetched.pop_front() else {
            self.finished = true;
            return Err(self.failed.take().unwrap_or(Error::EndlessPaging { read: self.walked }));
        };
        let empty = match &raw.items {
            Value::Null => true,
            Value::Array(rows) => rows.is_empty(),
            _ => false,
        };
        if empty {
            return Ok(Some(self.last_page(raw.start, Vec::new())));
        }
        let print = fingerprint(&raw.items);
        if self.last == Some(print) {
            self.finish();
            return Err(Error::EndlessPaging { read: self.walked });
        }
        self.last = Some(print);
        self.walked += self.limit;
        let items: Vec<T> = serde_json::from_value(raw.items).map_err(|e| Error::Decode(e.to_string()))?;
        if !raw.has_more {
            return Ok(Some(self.last_page(raw.start, items)));
        }
        Ok(Some(Page { items, start: raw.start, limit: self.limit, has_more: true }))
    }

    fn last_page(&mut self, start: u64, items: Vec<T>) -> Page<T> {
        self.finish();
        Page { items, start, limit: self.limit, has_more: false }
    }

    fn finish(&mut self) {
        self.finished = true;
        self.fetched.clear();
        self.failed = None;
    }

    /// Reads the next pages side by side, up to the ceiling; keeps those
    /// before the first failure, and the failure for after them.
    async fn read_ahead(&mut self) {
        let left = (self.most - self.walked).div_ceil(self.limit);
        let starts: Vec<u64> = (0..self.ahead.min(left).max(1)).map(|n| self.start + n * self.limit).collect();
        self.start += starts.len() as u64 * self.limit;
        let pages = futures_util::future::join_all(starts.iter().map(|start| self.fetch(*start))).await;
        for page in pages {
            match page {
                Ok(raw) => self.fetched.push_back(raw),
                Err(err) => {
                    self.failed = Some(err);
                    break;
                }
            }
        }
    }

    async fn fetch(&self, start: u64) -> Result<Raw> {
        match &self.source {
            Source::V2 { path, query } => {
                let mut query = query.clone();
                query.push(("start", start.to_string()));
                query.push(("limit", self.limit.to_string()));
                let reply = self.client.get(path, &query).await?;
                Ok(Raw { start, has_more: reply.meta.has_more, items: reply.data })
            }
            Source::Legacy { method, params } => {
                let mut params = params.clone();
                params.insert("offset".into(), start.into());
                params.insert("limit".into(), self.limit.into());
                let items = self.client.legacy(method, params, true).await?;
                let has_more = items.as_array().is_some_and(|rows| rows.len() as u64 >= self.limit);
                Ok(Raw { start, has_more, items })
            }
        }
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

/// A page's records reduced to a number: the same records, the same number.
fn fingerprint(items: &Value) -> u64 {
    struct Fingerprint(std::collections::hash_map::DefaultHasher);
    impl std::io::Write for Fingerprint {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.write(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut print = Fingerprint(Default::default());
    let _ = serde_json::to_writer(&mut print, items);
    print.0.finish()
}
