//! Links: an address clicked in a subscriber's message, and a
//! `campaign-desk://` link handed to the app by the system.

use desk::arrivals::{links_in, route_of};
use desk::links::inspect;

/// The bytes as a clicked address, and as a launch's argument.
pub fn links(data: &[u8]) {
    let address = crate::input::text(data);
    if let Some(view) = inspect(&address) {
        assert!(!view.target.is_empty(), "a link with nowhere to go: {view:?}");
        // The page asks to open `url` and `open_link` checks it again: it must pass.
        let again = inspect(&view.url).unwrap_or_else(|| panic!("the address to open is refused: {view:?}"));
        assert_eq!((again.url, again.kind), (view.url.clone(), view.kind), "{address:?}");
    }
    let args = ["campaign-desk", address.as_ref()];
    for link in links_in(&args) {
        if let Some(route) = route_of(link) {
            let id = match route {
                desk::arrivals::Route::Campaign(id)
                | desk::arrivals::Route::Report(id)
                | desk::arrivals::Route::Dialog(id)
                | desk::arrivals::Route::List(id) => id,
            };
            assert!(id > 0, "{link:?} opens {route:?}");
        }
    }
}
