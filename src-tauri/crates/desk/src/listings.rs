//! The account's lists and campaigns as listed, read once for every screen
//! that needs them. A screen that shows them (the lists, the campaigns
//! table) or acts on their numbers (a launch's reach) asks for a listing of
//! [`Fresh::Now`]: read after it asked (a read under way when it asked will
//! not do, one that starts while it waits will). A
//! screen that only names them (the inbox's filters, a replier's campaign,
//! the editor's choice of lists, the reports' overview, the automations)
//! asks for [`Fresh::Named`] and takes a listing up to a minute old. Two
//! readers at once wait for one request.
//!
//! A change the app makes forgets the listing it touches at once (see
//! [`Listings::forget`], called for every command that declares a change of
//! lists or campaigns); a change made elsewhere (the service's own site, a
//! form subscribing people) is seen at once by the screens that show the
//! listings and within a minute by those that name them.

use crate::session::{AccountDir, AreaState, Session};
use api::campaigns::{Campaign, CampaignFilter};
use api::lists::List;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::time::Instant;

/// How old a listing a reader takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fresh {
    /// For a screen that shows the listing or counts with it: read after
    /// it asked.
    Now,
    /// For a screen that only names what is listed: up to a minute old.
    Named,
}

/// How old a listing a screen that only names it takes.
const NAMED_FOR: Duration = Duration::from_secs(60);

impl Fresh {
    /// Whether a listing whose read began at `read_at` will do for a reader who asked at `asked`.
    fn takes(self, read_at: Instant, asked: Instant) -> bool {
        match self {
            Fresh::Now => read_at >= asked,
            Fresh::Named => read_at.elapsed() < NAMED_FOR,
        }
    }
}

/// The open account's listings, kept for its session.
#[derive(Default)]
pub struct Listings {
    lists: Kept<Vec<List>>,
    campaigns: Kept<Vec<Campaign>>,
}

impl AreaState for Listings {
    fn open(_: Option<&AccountDir>) -> Self {
        Listings::default()
    }
}

/// What a change made by the app touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touched {
    Lists,
    Campaigns,
}

impl Listings {
    /// Forgets the listing a change touched: the next reader reads it again.
    pub fn forget(&self, touched: Touched) {
        match touched {
            Touched::Lists => self.lists.forget(),
            Touched::Campaigns => self.campaigns.forget(),
        }
    }
}

/// Every list of the account.
pub async fn lists(session: &Session, fresh: Fresh) -> api::Result<Vec<List>> {
    let read = || api::lists::list(session.client(), None);
    session.state::<Listings>().lists.get(fresh, read).await
}

/// Every campaign of the account, newest first.
pub async fn campaigns(session: &Session, fresh: Fresh) -> api::Result<Vec<Campaign>> {
    let every = CampaignFilter::default();
    campaigns_read_by(session, fresh, || api::campaigns::list(session.client(), &every)).await
}

/// Every campaign of the account, read by `read` when no listing will do
/// (work in the background reads in its own turn, on its own client).
pub async fn campaigns_read_by<F, R>(session: &Session, fresh: Fresh, read: F) -> api::Result<Vec<Campaign>>
where
    F: FnOnce() -> R,
    R: Future<Output = api::Result<Vec<Campaign>>>,
{
    session.state::<Listings>().campaigns.get(fresh, read).await
}

/// One listing as last read, when its read began, and in which generation: a change
/// starts a new one, and a listing of an older generation (read before the
/// change, or while it was made) is not taken.
struct Kept<T> {
    read: tokio::sync::Mutex<Option<(u64, Instant, T)>>,
    generation: AtomicU64,
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept { read: tokio::sync::Mutex::new(None), generation: AtomicU64::new(0) }
    }
}

impl<T: Clone> Kept<T> {
    async fn get<F, R>(&self, fresh: Fresh, read: F) -> api::Result<T>
    where
        F: FnOnce() -> R,
        R: Future<Output = api::Result<T>>,
    {
        let asked = Instant::now();
        let mut kept = self.read.lock().await;
        let generation = self.generation.load(Ordering::Acquire);
        if let Some((_, _, listing)) = kept.as_ref().filter(|(of, at, _)| *of == generation && fresh.takes(*at, asked))
        {
            return Ok(listing.clone());
        }
        let started = Instant::now();
        let listing = read().await?;
        *kept = Some((generation, started, listing.clone()));
        Ok(listing)
    }

    fn forget(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    async fn counted(kept: &Kept<u32>, fresh: Fresh, reads: &AtomicUsize) -> u32 {
        kept.get(fresh, || async { Ok(reads.fetch_add(1, Ordering::SeqCst) as u32) }).await.unwrap()
    }

    #[tokio::test(start_paused = true)]
    async fn a_listing_serves_the_screens_that_name_it_for_a_minute_and_those_that_show_it_never_again() {
        let (kept, reads) = (Kept::default(), AtomicUsize::new(0));
        assert_eq!(counted(&kept, Fresh::Now, &reads).await, 0);
        tokio::time::advance(Duration::from_secs(3)).await;
        assert_eq!(counted(&kept, Fresh::Named, &reads).await, 0, "named: taken");
        assert_eq!(counted(&kept, Fresh::Now, &reads).await, 1, "shown: read again");
        tokio::time::advance(Duration::from_secs(61)).await;
        assert_eq!(counted(&kept, Fresh::Named, &reads).await, 2, "past a minute: read again");
    }

    #[tokio::test(start_paused = true)]
    async fn a_screen_that_shows_a_listing_takes_a_read_that_started_after_it_asked() {
        let (kept, reads) = (Kept::default(), AtomicUsize::new(0));
        let (started, go) = (tokio::sync::Notify::new(), tokio::sync::Notify::new());
        let first = kept.get(Fresh::Named, || async {
            started.notify_one();
            go.notified().await;
            Ok(reads.fetch_add(1, Ordering::SeqCst) as u32)
        });
        let shown = async {
            started.notified().await;
            tokio::time::advance(Duration::from_millis(1)).await;
            // It waits for the read under way; that read will not do, as it began before.
            let asked = counted(&kept, Fresh::Now, &reads);
            let waits = async {
                tokio::task::yield_now().await;
                go.notify_one();
            };
            tokio::join!(asked, waits).0
        };
        let (first, shown) = tokio::join!(first, shown);
        assert_eq!((first.unwrap(), shown), (0, 1));
    }

    #[tokio::test(start_paused = true)]
    async fn a_change_forgets_the_listing_even_one_read_while_it_was_made() {
        let (kept, reads) = (Kept::default(), AtomicUsize::new(0));
        counted(&kept, Fresh::Named, &reads).await;
        kept.forget();
        assert_eq!(counted(&kept, Fresh::Named, &reads).await, 1);
        // A read under way when a change is made is not kept for later readers.
        kept.forget();
        let under_way = kept.get(Fresh::Named, || async {
            kept.forget();
            Ok(reads.fetch_add(1, Ordering::SeqCst) as u32)
        });
        assert_eq!(under_way.await.unwrap(), 2);
        assert_eq!(counted(&kept, Fresh::Named, &reads).await, 3);
    }

    #[tokio::test]
    async fn a_failed_read_is_not_kept() {
        let kept: Kept<u32> = Kept::default();
        let failed = kept.get(Fresh::Named, || async { Err(api::Error::Decode("garbage".into())) }).await;
        assert!(failed.is_err());
        assert_eq!(kept.get(Fresh::Named, || async { Ok(7) }).await.unwrap(), 7);
    }
}
