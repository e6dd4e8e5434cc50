//! The one handler for every command the page calls. The commands are
//! declared in `desk`, each beside the function it runs (`desk::registry`
//! lists the areas); this only hands a call to its declaration, with the
//! page's channels, and its answer or error back to the page.

use desk::command::{Channels, Command, Cx};
use desk::Desk;
use std::collections::HashMap;
use std::str::FromStr;
use tauri::ipc::{Invoke, InvokeBody, InvokeError, JavaScriptChannelId};
use tauri::{Manager, Runtime, Webview};

/// The Tauri handler: a call whose name no declaration has is left to Tauri,
/// which refuses it.
pub fn handler<R: Runtime>() -> impl Fn(Invoke<R>) -> bool + Send + Sync + 'static {
    let table: HashMap<&'static str, &'static Command> = desk::registry::commands().map(|c| (c.name, c)).collect();
    move |invoke: Invoke<R>| {
        let Some(command) = table.get(invoke.message.command()).copied() else {
            return false;
        };
        let payload = match invoke.message.payload() {
            InvokeBody::Json(value) => value.clone(),
            InvokeBody::Raw(_) => serde_json::Value::Null,
        };
        let webview = invoke.message.webview();
        invoke.resolver.respond_async(async move {
            let channels = PageChannels(webview.clone());
            let desk = webview.state::<Desk>();
            let cx = Cx::new(desk.inner(), &channels);
            command.call(&cx, payload).await.map_err(InvokeError::from)
        });
        true
    }
}

/// The channels of the page that made the call.
struct PageChannels<R: Runtime>(Webview<R>);

impl<R: Runtime> Channels for PageChannels<R> {
    fn open(&self, id: &str) -> Box<dyn Fn(serde_json::Value) + Send + Sync> {
        match JavaScriptChannelId::from_str(id) {
            Ok(channel) => {
                let channel = channel.channel_on::<R, serde_json::Value>(self.0.clone());
                Box::new(move |update| {
                    // A page that went away is not an error.
                    let _ = channel.send(update);
                })
            }
            Err(_) => {
                log::warn!("a command was given something other than a channel");
                Box::new(|_| {})
            }
        }
    }
}
