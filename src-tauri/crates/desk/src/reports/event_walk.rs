//! A campaign's events read one after another, through the one paging walk
//! (it ends on an empty page, and fails on a repeated one or past its
//! ceiling, whatever the service says).

use super::pace::Pace;
use crate::error::{failed, Result};
use crate::reports::Action;
use api::reports::{Event, EventQuery};

/// Events read per request, and requests in flight at once.
pub(super) const PAGE: u64 = 1000;
const IN_FLIGHT: u64 = 4;

/// Events of one kind a count reads at most. A campaign to the service's
/// largest lists (a few million subscribers) is opened by a share of them,
/// some more than once, and bounces at most once per address: five million
/// is more than any campaign gets. The events not yet final are held in
/// memory while they are read, so a service still offering more past this
/// is not believed.
pub(super) const MOST_EVENTS: u64 = 5_000_000;

/// Calls `each` for every event the query names, in time order, up to
/// `most` events: past it the read fails with `EndlessPaging`. With a
/// `pace` (work in the background) pages are asked one at a time, each
/// when the pace gives its turn.
pub(super) async fn each_event(
    client: &api::Client,
    campaign_id: i64,
    query: EventQuery,
    most: u64,
    pace: Option<&Pace>,
    mut each: impl FnMut(Event),
) -> Result<()> {
    let mut pager = api::reports::events(client, campaign_id, &query)
        .map_err(failed(Action::LoadReport))?
        // Pages no larger than the ceiling, so the walk stops at it exactly.
        .page_size(PAGE.min(most))
        .reading_ahead(if pace.is_some() { 1 } else { IN_FLIGHT })
        .at_most(most);
    loop {
        if let Some(pace) = pace {
            pace.turn().await;
        }
        let Some(page) = pager.next_page().await.map_err(failed(Action::LoadReport))? else { break };
        let last = !page.has_more;
        page.items.into_iter().for_each(&mut each);
        if last {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::DeskError;
    use crate::session::Session;

    const KEY: &str = "event-walk-key";

    #[tokio::test(flavor = "multi_thread")]
    async fn opens_past_their_ceiling_fail_there_and_say_how_far_they_were_read() {
        let dir = tempfile::tempdir().unwrap();
        let config =
            sandbox::Config { db: Some(dir.path().join("service.sqlite")), demo: true, ..sandbox::Config::new(KEY) };
        let service = sandbox::start(config).await.expect("sandbox starts");
        let client = api::Client::new(&service.base_url(), api::ApiKey::new(KEY)).unwrap();
        let sent = crate::reports::campaigns(&Session::for_client(client.clone())).await.unwrap();
        let campaign = sent.into_iter().max_by_key(|c| c.sent).expect("the demo's campaigns").id;
        // Its whole life: without a span the report reads today only, which may hold a few opens.
        let opens = || EventQuery {
            from: Some("2000-01-01 00:00:00".into()),
            to: Some("2100-01-01 00:00:00".into()),
            event_type: Some("OPENED".into()),
            ..EventQuery::default()
        };
        let mut read = 0;
        each_event(&client, campaign, opens(), MOST_EVENTS, None, |_| read += 1).await.unwrap();
        assert!(read > 5, "the demo's campaign was opened: {read}");

        let mut within = 0;
        let err = each_event(&client, campaign, opens(), 5, None, |_| within += 1).await.unwrap_err();
        assert_eq!(err, DeskError::EndlessPaging { action: Action::LoadReport.into(), read: 5 });
        assert_eq!(within, 5, "no more than the ceiling held");
    }
}
