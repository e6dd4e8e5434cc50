//! The real app in a real window: tauri-driver starts the built binary with
//! a data directory of its own, and each step leaves a screenshot under
//! `target/e2e-screenshots/<test>/`. The data directory goes when the test
//! is done with it; a failing test keeps it, and says where, for its log.

use crate::processes::{built_binary, free_ports, no_app_running, target_dir, Group};
use crate::webdriver::{wait_for, wait_for_every, Element, Session};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use tempfile::TempDir;
use tokio::sync::{Mutex, MutexGuard};

/// WebKitWebDriver serves one session at a time.
static ONE_WINDOW_AT_A_TIME: Mutex<()> = Mutex::const_new(());

pub const PATIENCE: Duration = Duration::from_secs(30);

pub struct App {
    session: Session,
    shots: PathBuf,
    step: u32,
    driver: Group,
    /// Dropped after the driver, so the app has stopped when it is removed.
    data: Option<TempDir>,
    _turn: MutexGuard<'static, ()>,
}

/// A new data directory for the test `name`, removed when dropped.
pub fn data_dir_for(name: &str) -> TempDir {
    tempfile::Builder::new().prefix(&format!("campaign-desk-e2e-{name}-")).tempdir().expect("a temporary directory")
}

fn tauri_driver() -> PathBuf {
    if let Some(path) = std::env::var_os("TAURI_DRIVER") {
        return path.into();
    }
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    home.map(|h| h.join("bin/tauri-driver")).filter(|p| p.exists()).unwrap_or_else(|| "tauri-driver".into())
}

impl App {
    /// Starts the app for the test `name` with a fresh data directory.
    pub async fn launch(name: &str) -> App {
        App::launch_with_env(name, &[]).await
    }

    /// Starts the app with extra environment, such as a GTK theme.
    pub async fn launch_with_env(name: &str, env: &[(&str, &str)]) -> App {
        App::launch_binary(name, &built_binary("campaign-desk"), data_dir_for(name), &[], env).await
    }

    /// Starts any Tauri binary (the app, or the start benchmark's reference)
    /// with `--data-dir`, extra arguments and environment.
    pub async fn launch_binary(name: &str, binary: &Path, data: TempDir, args: &[&str], env: &[(&str, &str)]) -> App {
        let data_dir = data.path();
        let turn = ONE_WINDOW_AT_A_TIME.lock().await;
        no_app_running().await;
        assert!(
            std::env::var_os("DISPLAY").is_some(),
            "no DISPLAY: run the end-to-end tests inside scripts/desktop-session"
        );
        let [port, native_port] = free_ports();
        // WebKit's storage and cache, and everything the app and the driver
        // print, stay inside this run's data directory: runs do not share
        // them, and the leak canary can search all of it.
        let xdg_data = data_dir.join("xdg-data");
        let xdg_cache = data_dir.join("xdg-cache");
        let logs = data_dir.join("logs");
        for dir in [&xdg_data, &xdg_cache, &logs] {
            std::fs::create_dir_all(dir).unwrap();
        }
        let log = std::fs::File::create(logs.join("app.log")).unwrap();
        let driver = Group::spawn(
            Command::new(tauri_driver())
                .env("XDG_DATA_HOME", &xdg_data)
                .env("XDG_CACHE_HOME", &xdg_cache)
                // English unless a test asks for another language, by LANG alone.
                .env_remove("LANGUAGE")
                .env_remove("LC_ALL")
                .env_remove("LC_MESSAGES")
                .env("LANG", "en_US.UTF-8")
                .envs(env.iter().copied())
                .args(["--port", &port.to_string(), "--native-port", &native_port.to_string()])
                .stdout(log.try_clone().unwrap())
                .stderr(log),
        );
        let driver_url = format!("http://127.0.0.1:{port}");
        let http = reqwest::Client::new();
        wait_for(PATIENCE, "tauri-driver to listen", || {
            let request = http.get(format!("{driver_url}/status")).send();
            async move { request.await.ok().filter(|r| r.status().is_success()) }
        })
        .await
        .unwrap();
        let mut all_args = vec![json!("--data-dir"), json!(data_dir)];
        all_args.extend(args.iter().map(|a| json!(a)));
        let capabilities = json!({
            "tauri:options": {
                "application": binary,
                "args": all_args,
            }
        });
        let session = match Session::create(&driver_url, capabilities).await {
            Ok(session) => session,
            Err(e) => {
                let printed = std::fs::read_to_string(logs.join("app.log")).unwrap_or_default();
                panic!("no WebDriver session with the app ({e}); it printed:\n{printed}");
            }
        };
        let shots = target_dir().join("e2e-screenshots").join(name);
        let _ = std::fs::remove_dir_all(&shots);
        std::fs::create_dir_all(&shots).unwrap();
        App { session, shots, step: 0, driver, data: Some(data), _turn: turn }
    }

    /// Saves a screenshot named after the step.
    pub async fn screenshot(&mut self, step: &str) {
        // The DOM can be ahead of the last painted frame; give it a moment.
        tokio::time::sleep(Duration::from_millis(400)).await;
        self.step += 1;
        match self.session.screenshot_png().await {
            Ok(png) => {
                let path = self.shots.join(format!("{:02}-{step}.png", self.step));
                std::fs::write(path, png).unwrap();
            }
            Err(e) => eprintln!("screenshot {step} failed: {e}"),
        }
    }

    pub async fn wait(&self, css: &str) -> Element {
        self.wait_every(Duration::from_millis(100), css).await
    }

    /// Waits for `css`, polling every `interval`.
    pub async fn wait_every(&self, interval: Duration, css: &str) -> Element {
        let session = self.session.clone();
        let result = wait_for_every(interval, PATIENCE, css, || {
            let session = session.clone();
            async move { session.find_all(css).await.ok().and_then(|found| found.into_iter().next()) }
        })
        .await;
        match result {
            Ok(element) => element,
            Err(e) => self.fail(&e).await,
        }
    }

    /// What the user reads in each element matching `css` (`innerText`).
    async fn texts(session: &Session, css: &str) -> Option<Vec<String>> {
        let script = format!(
            "return Array.from(document.querySelectorAll({})).map(e => e.innerText.trim())",
            serde_json::to_string(css).unwrap()
        );
        let value = session.execute(&script).await.ok()?;
        Some(value.as_array()?.iter().map(|t| t.as_str().unwrap_or_default().to_string()).collect())
    }

    /// Waits until `probe`, run on the page every moment, finds what it looks for.
    async fn until<T, Fut>(&self, what: &str, probe: impl Fn(Session) -> Fut) -> T
    where
        Fut: std::future::Future<Output = Option<T>>,
    {
        match wait_for(PATIENCE, what, || probe(self.session.clone())).await {
            Ok(found) => found,
            Err(e) => self.fail(&e).await,
        }
    }

    /// Waits until the text of the first element matching `css` satisfies `check`.
    pub async fn wait_text(&self, css: &str, what: &str, check: impl Fn(&str) -> bool) -> String {
        let check = &check;
        self.until(
            what,
            |session| async move { App::texts(&session, css).await?.into_iter().next().filter(|t| check(t)) },
        )
        .await
    }

    /// Waits for a toast whose text satisfies `check`. Several can be up at
    /// once (a toast stays while the pointer rests on it), so any counts.
    pub async fn wait_toast(&self, what: &str, check: impl Fn(&str) -> bool) -> String {
        let check = &check;
        self.until(what, |session| async move {
            App::texts(&session, "[data-testid=toast]").await?.into_iter().find(|t| check(t))
        })
        .await
    }

    /// Waits until the number of elements matching `css` satisfies `check`, returning their texts.
    pub async fn wait_count(&self, css: &str, what: &str, check: impl Fn(usize) -> bool) -> Vec<String> {
        let check = &check;
        self.until(what, |session| async move { App::texts(&session, css).await.filter(|found| check(found.len())) })
            .await
    }

    /// Waits until a script's result in the page (a field's value, say)
    /// satisfies `check`, and returns it.
    pub async fn wait_script(
        &self,
        body: &str,
        what: &str,
        check: impl Fn(&serde_json::Value) -> bool,
    ) -> serde_json::Value {
        let check = &check;
        self.until(what, |session| async move { session.execute(body).await.ok().filter(|v| check(v)) }).await
    }

    /// Clicks `css` once it can be clicked, as a person would: an element
    /// still covered for a frame (a closing dialog's overlay) is tried again
    /// until it is free, within [`PATIENCE`]; any other failure fails at once.
    pub async fn click(&self, css: &str) {
        let element = self.wait(css).await;
        let what = format!("{css} to be free to click (it is not interactable, or covered)");
        let to_middle = format!("document.querySelector({css:?})?.scrollIntoView({{block: 'center'}})");
        let clicked = wait_for_every(Duration::from_millis(50), PATIENCE, &what, || async {
            match self.session.click(&element).await {
                Err(e) if e.contains("not interactable") => None,
                // Under a bar that stays at the window's edge: a person scrolls it to the middle.
                Err(e) if e.contains("intercepted") => {
                    self.session.execute(&to_middle).await.ok();
                    None
                }
                done => Some(done),
            }
        })
        .await
        .and_then(|done| done);
        if let Err(e) = clicked {
            self.fail(&format!("click {css}: {e}")).await;
        }
    }

    /// Clicks `css`, a button that closes the window: the click's answer
    /// can be lost with the window, so only what follows tells whether it worked.
    pub async fn click_closing_the_window(&self, css: &str) {
        let element = self.wait(css).await;
        let _ = self.session.click(&element).await;
    }

    /// Clicks `css` inside the frame `frame` (a message's sandboxed frame),
    /// as a person would, then looks at the app's page again.
    pub async fn click_in_frame(&self, frame: &str, css: &str) {
        let frame_element = self.wait(frame).await;
        let clicked = async {
            self.session.enter_frame(&frame_element).await?;
            let session = self.session.clone();
            let found = wait_for(PATIENCE, css, || {
                let session = session.clone();
                async move { session.find_all(css).await.ok().and_then(|found| found.into_iter().next()) }
            })
            .await;
            let clicked = match found {
                Ok(element) => self.session.click(&element).await,
                Err(e) => Err(e),
            };
            self.session.leave_frame().await?;
            clicked
        };
        if let Err(e) = clicked.await {
            self.fail(&format!("click {css} in {frame}: {e}")).await;
        }
    }

    /// Clicks something that only opens or shows a view, until `expected`
    /// appears: a window that has only just been mapped can miss a first
    /// click. Never for anything that sends or changes data.
    pub async fn click_to_show(&self, css: &str, expected: &str) {
        for _ in 0..3 {
            self.click(css).await;
            let session = self.session.clone();
            let shown = wait_for(Duration::from_secs(5), expected, || {
                let session = session.clone();
                async move { session.find_all(expected).await.ok().filter(|found| !found.is_empty()) }
            })
            .await;
            if shown.is_ok() {
                return;
            }
        }
        self.fail(&format!("clicking {css} never showed {expected}")).await;
    }

    pub async fn type_into(&self, css: &str, text: &str) {
        let element = self.wait(css).await;
        // WebDriver's clear empties the field without the page hearing of
        // it: a render that comes before the typing (a list arriving) puts
        // the old text back. So the text is also selected and typed over,
        // as a person does, which the page hears key by key.
        let typed = async {
            self.session.clear(&element).await?;
            self.type_over(css, &element, text).await
        };
        if let Err(e) = typed.await {
            self.fail(&format!("type into {css}: {e}")).await;
        }
    }

    /// Types `text` after what is in the field already, as a person adding
    /// words does (WebDriver puts the caret at the end).
    pub async fn type_more(&self, css: &str, text: &str) {
        let element = self.wait(css).await;
        if let Err(e) = self.session.type_text(&element, text).await {
            self.fail(&format!("type into {css}: {e}")).await;
        }
    }

    /// The address of the first subscriber of the demo list `list`, as the Lists area shows it.
    pub async fn first_subscriber(&self, list: &str) -> String {
        self.click_to_show("[data-testid=nav-lists]", "[data-testid=open-list]").await;
        self.click(&format!("[data-list-name='{list}'] [data-testid=open-list]")).await;
        let row = self.wait_text("[data-testid=table-row]", "a subscriber", |t| t.contains('@')).await;
        row.split_whitespace().find(|w| w.contains('@')).unwrap_or_default().to_string()
    }

    /// Replaces what a code editor (CodeMirror's `.cm-content`) holds with
    /// `text`, typed as a person would after selecting everything:
    /// WebDriver's clear would empty the editor's own elements under it.
    pub async fn type_into_code(&self, css: &str, text: &str) {
        let element = self.wait(css).await;
        if let Err(e) = self.type_over(css, &element, text).await {
            self.fail(&format!("type into the code editor {css}: {e}")).await;
        }
    }

    /// Selects everything `element` (found by `css`) holds and types `text`
    /// over it; the click that focuses it is a person's (see `click`), which
    /// scrolls a field under a bar at the window's edge into the middle.
    async fn type_over(&self, css: &str, element: &Element, text: &str) -> Result<(), String> {
        self.click(css).await;
        self.session.press(&["\u{E009}", "a"]).await?;
        self.session.type_text(element, text).await
    }

    /// Presses keys together into whatever has the focus (see `Session::press`).
    pub async fn press(&self, keys: &[&str]) {
        if let Err(e) = self.session.press(keys).await {
            self.fail(&format!("press {keys:?}: {e}")).await;
        }
    }

    /// Chooses the option a person reads as `text` in a drop-down (WebKit's
    /// own pop-up list is outside the page, out of WebDriver's reach).
    pub async fn choose(&self, css: &str, text: &str) {
        let script = format!(
            "const s = document.querySelector({css:?}); const o = s && [...s.options].find(o => o.text.trim() === {text:?}); \
             if (!o) return false; s.value = o.value; s.dispatchEvent(new Event('change', {{ bubbles: true }})); return true"
        );
        if self.script(&script).await != true {
            self.fail(&format!("no option {text:?} in {css}")).await;
        }
    }

    /// A script's result in the page, for checks that need the DOM.
    pub async fn script(&self, body: &str) -> serde_json::Value {
        match self.session.execute(body).await {
            Ok(value) => value,
            Err(e) => self.fail(&format!("script failed: {e}")).await,
        }
    }

    async fn fail(&self, message: &str) -> ! {
        if let Ok(png) = self.session.screenshot_png().await {
            let _ = std::fs::write(self.shots.join("failure.png"), png);
        }
        let page = match self.session.execute("return document.body.innerText").await {
            Ok(body) => body.as_str().unwrap_or_default().to_string(),
            Err(e) => format!("(the page could not be read: {e})"),
        };
        panic!("{message}\n--- page text ---\n{page}\n--- the app's log, its end ---\n{}", self.log_tail(40));
    }

    /// The last `lines` lines of what the app and the driver printed.
    fn log_tail(&self, lines: usize) -> String {
        let Some(data) = &self.data else { return String::new() };
        let log = std::fs::read_to_string(data.path().join("logs/app.log")).unwrap_or_default();
        let all: Vec<&str> = log.lines().collect();
        all[all.len().saturating_sub(lines)..].join("\n")
    }

    /// Opens the demo workspace from the accounts screen and waits for its lists.
    pub async fn open_demo(&self) {
        self.click_to_show(
            "[data-testid=open-demo]",
            "[data-testid=open-demo]:disabled, [data-testid=current-account]",
        )
        .await;
        self.wait("[data-testid=lists-table]").await;
    }

    /// Adds an account by its name, address and key, as a person does on the
    /// accounts screen, and waits until it is open.
    pub async fn add_account(&self, name: &str, base_url: &str, key: &str) {
        self.click_to_show("[data-testid=add-account]", "[data-testid=account-name]").await;
        self.type_into("[data-testid=account-name]", name).await;
        self.type_into("[data-testid=account-url]", base_url).await;
        self.type_into("[data-testid=account-key]", key).await;
        self.click("[data-testid=account-save]").await;
        self.wait("[data-testid=current-account]").await;
    }

    /// Scrolls the first element matching `css` to `top` pixels.
    pub async fn scroll_to(&self, css: &str, top: &str) {
        self.wait(css).await;
        self.script(&format!(
            "const e = document.querySelector({}); e.scrollTop = {top}; e.dispatchEvent(new Event('scroll')); return e.scrollTop",
            serde_json::to_string(css).unwrap()
        ))
        .await;
    }

    /// The page's address after the `#`: the route and its search.
    pub async fn route(&self) -> String {
        self.script("return decodeURIComponent(location.hash.slice(1))").await.as_str().unwrap_or_default().to_string()
    }

    /// The app's data directory (`--data-dir`).
    pub fn data_dir(&self) -> &Path {
        self.data.as_ref().expect("the app has its data directory until it stops").path()
    }

    /// Ends the session and stops the app; answers its data directory, which
    /// goes when the answer is dropped.
    pub async fn close(mut self) -> TempDir {
        self.session.delete().await;
        self.data.take().expect("the app has its data directory until it stops")
    }

    /// Kills the app, its WebKit processes and the driver at once, mid-work;
    /// answers the data directory for the next start.
    pub fn crash(mut self) -> TempDir {
        self.driver.kill_now();
        self.data.take().expect("the app has its data directory until it stops")
    }

    /// Starts the app again on a data directory a run before left.
    pub async fn launch_again(name: &str, data: TempDir) -> App {
        App::launch_binary(name, &built_binary("campaign-desk"), data, &[], &[]).await
    }
}

impl Drop for App {
    fn drop(&mut self) {
        if let (true, Some(data)) = (std::thread::panicking(), self.data.as_mut()) {
            data.disable_cleanup(true);
            eprintln!("the failed test's app data and log are kept in {}", data.path().display());
        }
    }
}
