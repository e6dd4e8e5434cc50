//! The reports overview as the page gets it: first as shown, then again
//! as the background fills in its charts.

use desk::reports::{self, ChartTheme, ChartWords, OverviewView};
use desk::Session;
use tokio::sync::mpsc::UnboundedReceiver;

pub struct Overview {
    /// As first shown.
    pub first: OverviewView,
    more: UnboundedReceiver<OverviewView>,
}

/// Opens the overview, as the page does.
pub async fn open(session: &Session, theme: ChartTheme, words: &ChartWords) -> Overview {
    let (send, more) = tokio::sync::mpsc::unbounded_channel();
    let first = reports::overview(session, theme, words, move |view| {
        let _ = send.send(view);
    })
    .await
    .expect("the overview");
    Overview { first, more }
}

impl Overview {
    /// The overview once nothing more is coming, and how many times it came again.
    pub async fn whole(mut self) -> (OverviewView, usize) {
        let (mut view, mut again) = (self.first, 0);
        while view.coming {
            view = self.more.recv().await.expect("the rest of the overview");
            again += 1;
        }
        (view, again)
    }
}
