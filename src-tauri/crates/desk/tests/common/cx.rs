//! What a command runs with, over a desk, for tests that call an area's
//! function as its command does. The page's channels go nowhere: a test
//! hears progress through the function's own argument.

use desk::command::{Channels, Cx};
use desk::Desk;

/// Channels no page listens to.
struct Unheard;

impl Channels for Unheard {
    fn open(&self, _: &str) -> Box<dyn Fn(serde_json::Value) + Send + Sync> {
        Box::new(|_| {})
    }
}

/// The context a command runs with over `desk`.
pub fn cx(desk: &Desk) -> Cx<'_> {
    Cx::new(desk, &Unheard)
}
