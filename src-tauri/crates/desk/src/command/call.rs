//! Running a command as the page calls it, and what a change it makes
//! leaves to be read again on this side (see [`crate::listings`]).

use super::{Command, Cx, Kind, Tag};
use crate::error::Result;
use crate::listings::{Listings, Touched};
use serde_json::Value;

impl Command {
    /// Runs the command. A change then forgets the account's listings it
    /// touched, whether it went through or not (a failed change may have
    /// been carried out in part): the next screen that names them reads
    /// them again (see [`crate::listings`]).
    pub async fn call(&self, cx: &Cx<'_>, payload: Value) -> Result<Value> {
        let answer = (self.run)(cx, payload).await;
        if self.kind != Kind::Read {
            if let Ok(session) = cx.session().await {
                let listings = session.state::<Listings>();
                touched(self.tags).for_each(|touched| listings.forget(touched));
            }
        }
        answer
    }
}

/// What a change of these caches touches of the account's listings.
fn touched(tags: &[Tag]) -> impl Iterator<Item = Touched> + '_ {
    let touches = |tag: &Tag, touched: Touched| {
        matches!(
            (tag, touched),
            (Tag::Workspace, _)
                | (Tag::Lists | Tag::Subscribers | Tag::Imports, Touched::Lists)
                | (Tag::Campaigns | Tag::Campaign | Tag::Templates, Touched::Campaigns)
        )
    };
    [Touched::Lists, Touched::Campaigns].into_iter().filter(move |t| tags.iter().any(|tag| touches(tag, *t)))
}
