//! The real app in a real window: WebKitGTK's own WebDriver server starts
//! the built binary with
//! a data directory of its own, and each step leaves a screenshot under
//! `target/e2e-screenshots/<test>/`. The data directory goes when the test
//! is done with it; a failing test keeps it, and says where, for its log.

mod click;
mod demo_store;
mod steps;
mod typing;
mod wait;

use crate::processes::{built_binary, free_ports, no_app_running, target_dir, Group};
use crate::webdriver::{wait_for, Session};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use tempfile::TempDir;
use tokio::sync::{Mutex, MutexGuard};

/// WebKitWebDriver serves one session at a time.
static ONE_WINDOW_AT_A_TIME: Mutex<()> = Mutex::const_new(());

pub const PATIENCE: Duration = Duration::from_secs(30);

/// Answers once nothing on the page moves any more (no animation or
/// transition that ends is running: a spinner never ends and is not waited
/// for) and two frames have been painted since, so the DOM is not ahead of
/// the picture. Without frames (a window not painted) it answers after half
/// a second instead.
const SETTLED: &str = "
    const answer = arguments[arguments.length - 1];
    const moving = () => document.getAnimations().some(a =>
        a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    const painted = () => {
        let answered = false;
        const once = () => { if (!answered) { answered = true; answer(true); } };
        requestAnimationFrame(() => requestAnimationFrame(once));
        setTimeout(once, 500);
    };
    const look = (left) => moving() && left > 0 ? setTimeout(() => look(left - 1), 50) : painted();
    look(100);";

/// Where a new app's demo comes from.
#[derive(PartialEq)]
enum Demo {
    /// Copied from the one made for the run.
    Made,
    /// Seeded by the app, at its first start.
    SeededByTheApp,
}

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

/// WebKitGTK's WebDriver server (Debian's `webkit2gtk-driver`). It starts
/// the app itself, from the `webkitgtk:browserOptions` capability, and
/// drives the window the app's web view opens; nothing sits between.
fn webkit_driver() -> PathBuf {
    std::env::var_os("WEBKIT_WEBDRIVER").map_or_else(|| "WebKitWebDriver".into(), PathBuf::from)
}

impl App {
    /// Starts the app for the test `name` with a fresh data directory.
    pub async fn launch(name: &str) -> App {
        App::launch_with_env(name, &[]).await
    }

    /// Starts the app with extra environment, such as a GTK theme, on the
    /// demo made once for the run, in the language it will start in.
    pub async fn launch_with_env(name: &str, env: &[(&str, &str)]) -> App {
        App::start(name, &built_binary("campaign-desk"), data_dir_for(name), &[], env, Demo::Made).await
    }

    /// Starts the app with extra environment and no demo made beforehand:
    /// the app seeds it itself when it first opens it, as on a user's first
    /// start.
    pub async fn launch_seeding_the_demo(name: &str, env: &[(&str, &str)]) -> App {
        let binary = built_binary("campaign-desk");
        App::start(name, &binary, data_dir_for(name), &[], env, Demo::SeededByTheApp).await
    }

    /// Starts any Tauri binary (the app, an installed package's, or the start
    /// benchmark's reference, in any profile) with `--data-dir`, extra
    /// arguments and environment; a demo is seeded by the app itself, as the
    /// made one is the debug sandbox's ([`demo_store`]).
    pub async fn launch_binary(name: &str, binary: &Path, data: TempDir, args: &[&str], env: &[(&str, &str)]) -> App {
        App::start(name, binary, data, args, env, Demo::SeededByTheApp).await
    }

    async fn start(name: &str, binary: &Path, data: TempDir, args: &[&str], env: &[(&str, &str)], demo: Demo) -> App {
        let data_dir = data.path();
        if demo == Demo::Made {
            demo_store::place(data_dir, env);
        }
        let turn = ONE_WINDOW_AT_A_TIME.lock().await;
        no_app_running().await;
        assert!(
            std::env::var_os("DISPLAY").is_some(),
            "no DISPLAY: run the end-to-end tests inside scripts/desktop-session"
        );
        let [port] = free_ports();
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
            Command::new(webkit_driver())
                // Tauri lets WebKit's automation drive its web view only when asked to.
                .env("TAURI_WEBVIEW_AUTOMATION", "true")
                .env("XDG_DATA_HOME", &xdg_data)
                .env("XDG_CACHE_HOME", &xdg_cache)
                // English unless a test asks for another language, by LANG alone.
                .env_remove("LANGUAGE")
                .env_remove("LC_ALL")
                .env_remove("LC_MESSAGES")
                .env("LANG", "en_US.UTF-8")
                .envs(env.iter().copied())
                .args([format!("--port={port}"), "--host=127.0.0.1".into()])
                .stdout(log.try_clone().unwrap())
                .stderr(log),
        );
        let driver_url = format!("http://127.0.0.1:{port}");
        let http = reqwest::Client::new();
        wait_for(PATIENCE, "WebKitWebDriver to listen", || {
            let request = http.get(format!("{driver_url}/status")).send();
            async move { request.await.ok().filter(|r| r.status().is_success()) }
        })
        .await
        .unwrap();
        let mut all_args = vec![json!("--data-dir"), json!(data_dir)];
        all_args.extend(args.iter().map(|a| json!(a)));
        let capabilities = json!({
            "webkitgtk:browserOptions": {
                "binary": binary,
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

    /// Saves a screenshot named after the step, of what a person sees once
    /// the page has settled ([`SETTLED`]).
    pub async fn screenshot(&mut self, step: &str) {
        if let Err(e) = self.session.execute_async(SETTLED).await {
            eprintln!("screenshot {step}: the page did not settle ({e}); taken as it is");
        }
        self.step += 1;
        match self.session.screenshot_png().await {
            Ok(png) => {
                let path = self.shots.join(format!("{:02}-{step}.png", self.step));
                std::fs::write(path, png).unwrap();
            }
            Err(e) => eprintln!("screenshot {step} failed: {e}"),
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

    /// Starts the built app a second time, on this one's data directory,
    /// with `args` (a link, as the desktop passes it), and waits for it to
    /// hand them to this one and end: one instance.
    pub async fn launch_second(&self, args: &[&str]) {
        let started = std::time::Instant::now();
        let mut second = Command::new(built_binary("campaign-desk"))
            .args(["--data-dir", self.data_dir().to_str().unwrap()])
            .args(args)
            .env("XDG_DATA_HOME", self.data_dir().join("xdg-data"))
            .env("XDG_CACHE_HOME", self.data_dir().join("xdg-cache"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let status = loop {
            if let Some(status) = second.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > Duration::from_secs(20) {
                let _ = second.kill();
                panic!("the second launch kept running beside the first");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert!(status.success(), "{status}");
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
        App::start(name, &built_binary("campaign-desk"), data, &[], &[], Demo::Made).await
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
