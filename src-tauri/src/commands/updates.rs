//! Updates the app sends the page on its own (a clicked link, later new
//! replies): a Tauri channel the page passes to a command, written
//! `Channel<T>` in the generated bindings. No event permission is needed:
//! only the page that asked receives them.

use serde::Serialize;
use tauri::ipc::{Channel, CommandArg, CommandItem, InvokeError};

pub struct Updates<T>(Channel<T>);

impl<T: Serialize + Clone> Updates<T> {
    /// Sends one update; a page that went away is not an error.
    pub fn send(&self, update: T) {
        let _ = self.0.send(update);
    }
}

impl<'de, R: tauri::Runtime, T: Serialize + Clone> CommandArg<'de, R> for Updates<T> {
    fn from_command(command: CommandItem<'de, R>) -> Result<Self, InvokeError> {
        Channel::from_command(command).map(Updates)
    }
}

#[cfg(test)]
impl<T: ts_rs::TS + 'static> ts_rs::TS for Updates<T> {
    type WithoutGenerics = Updates<ts_rs::Dummy>;
    type OptionInnerType = Self;

    fn name(cfg: &ts_rs::Config) -> String {
        format!("Channel<{}>", T::name(cfg))
    }

    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }

    fn visit_dependencies(visitor: &mut impl ts_rs::TypeVisitor) {
        visitor.visit::<T>();
    }
}
