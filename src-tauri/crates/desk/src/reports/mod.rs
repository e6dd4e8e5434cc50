//! Reports: the campaigns that went out, the account at a glance, and one
//! campaign's dashboard (counts and rates, a funnel, opens and clicks over
//! time, clicks per link), its charts drawn by the `charts` crate in the
//! reader's theme and with the page's own words.
//!
//! Round trips cost (the service may be far away, and it allows so many
//! requests a minute): what cannot change any more is kept per account
//! (`kept`: the figures of campaigns that finished sending long ago, and
//! the events counted before the settled moment) and not asked again; the
//! last campaigns are counted ahead, gently, in the background (`ahead`).

mod commands;

pub use commands::AREA;

mod ahead;
mod compare;
mod counting;
mod dashboard;
mod event_walk;
mod export_rows;
mod failures;
mod figures;
mod gaps;
mod kept;
mod listing;
mod opens;
mod overview;
mod pace;
mod reading;
mod rows;
mod settled;
mod state;
mod tally;
mod views;

use crate::error::{failed, Result};
use crate::sent::display_name;
use crate::session::Session;
use crate::views::service_time;
pub use ahead::count_ahead;
use api::campaigns::{Campaign, CampaignStatus};
pub use compare::{compare, ComparedCampaign, ComparisonView, COMPARED};
pub use dashboard::{breakdown, dashboard, link_clickers};
pub use export_rows::{export_rows, RowsExport, RowsExportRequest};
pub use failures::ReportsFailure;
pub use figures::FINAL_AFTER;
pub use gaps::ChartGap;
pub use opens::{open_details, OpenDetails};
pub use overview::{overview, OverviewView, SendingView, FIRST_READS};
pub use pace::BACKGROUND_EVERY;
pub use rows::{
    event_fields, events, recipients, EventField, EventFilter, EventKind, EventRow, RecipientReport, RecipientRow,
    ReportOrder, ReportSort,
};
use serde::Serialize;
pub use settled::REPORT_LAG;
pub(crate) use state::forget_learnt;
pub use tally::{is_machine, Openers};
pub use views::{
    BreakdownView, ChartMark, ChartTheme, ChartView, ChartWords, Clicker, Counts, DashboardView, DomainRow,
    LegendEntry, LinkRow, MarkValue, Rates, ReportPage,
};

crate::codes! {
    /// What the user was doing in the reports, when something failed.
    pub enum Action: Action { LoadReport }
}

/// A campaign as the Reports area lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReportCampaign {
    pub id: i64,
    pub name: String,
    pub subject: Option<String>,
    /// When it went out (or is set to), in the service's time.
    pub sent_at: Option<String>,
    pub sent: i64,
    /// Still going out: its figures grow.
    pub sending: bool,
}

impl From<Campaign> for ReportCampaign {
    fn from(c: Campaign) -> Self {
        ReportCampaign {
            id: *c.id,
            name: display_name(&c),
            subject: c.subject.0,
            sent_at: service_time(c.delivery_time.as_deref()),
            sent: *c.emails_sent,
            sending: c.status == CampaignStatus::Processing,
        }
    }
}

/// The campaigns that went out, newest first.
pub async fn campaigns(session: &Session) -> Result<Vec<ReportCampaign>> {
    let reports = session.reports();
    let _reading = reports.background.screen_reads();
    let sent = listing::sent(session).await.map_err(failed(Action::LoadReport))?;
    Ok(sent.into_iter().map(ReportCampaign::from).collect())
}
