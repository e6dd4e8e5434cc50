//! The email marketing service of `spec/service-api.md`, on one machine:
//! REST v2 under `/v2` and the legacy method interface at `/`, both over one
//! service layer ([`ops`]) and SQLite. Used by the tests, the benchmarks and
//! the app's demo workspace.

pub mod app;
pub mod cli;
mod csv;
pub mod demo;
mod demo_activity;
pub mod demo_language;
mod demo_letters;
mod demo_people;
pub mod fault;
pub mod faults;
mod http;
mod jobs;
pub mod limit;
pub mod misreport;
pub mod ops;
pub mod params;
pub mod php;
pub mod requests;
mod sheets;
pub mod store;

use app::App;
pub use app::{FileGrants, Outbound};
use axum::routing::any;
use axum::Router;
pub use demo_language::Language as DemoLanguage;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

#[derive(Debug, Clone)]
pub struct Config {
    /// 0 picks a free port.
    pub port: u16,
    pub api_key: String,
    /// SQLite file; memory when `None`.
    pub db: Option<PathBuf>,
    /// Fill an empty store with the demo business.
    pub demo: bool,
    /// The language the demo business writes in.
    pub demo_language: DemoLanguage,
    pub seed: u64,
    /// Injected faults, for reliability tests.
    pub faults: faults::Faults,
    /// How long moderation takes.
    pub moderation_delay: std::time::Duration,
    /// How often the sending clock moves the service on.
    pub tick: std::time::Duration,
    /// How much faster than real time readers open, click and bounce.
    pub clock_speed: f64,
    /// The plan's subscriber cap; `None` keeps what the store has (0, unlimited, when new).
    pub limit_members: Option<i64>,
    /// Sub-account keys and their inbound-processing rights.
    pub subaccounts: Vec<(String, ops::RouterAccess)>,
    /// What imports may read and fetch.
    pub outbound: Outbound,
    /// Answer 404 on every REST path the contract does not list.
    pub contract_only: bool,
    /// Requests one key may make per [`Config::rate_window`]; `None` (the
    /// default, and the demo's) sets no limit.
    pub rate_limit: Option<u32>,
    /// The window the limit counts over: a minute, as the service's; tests
    /// shorten it so that waiting for a slot takes seconds.
    pub rate_window: std::time::Duration,
}

impl Config {
    pub fn new(api_key: impl Into<String>) -> Self {
        Config {
            port: 0,
            api_key: api_key.into(),
            db: None,
            demo: false,
            demo_language: DemoLanguage::En,
            seed: 1,
            faults: faults::Faults::default(),
            moderation_delay: std::time::Duration::ZERO,
            tick: std::time::Duration::from_millis(200),
            clock_speed: 1.0,
            limit_members: None,
            subaccounts: Vec::new(),
            outbound: Outbound::Open,
            contract_only: false,
            rate_limit: None,
            rate_window: std::time::Duration::from_secs(60),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("the sandbox's store could not be opened: {0}")]
    Store(#[from] rusqlite::Error),
    #[error("the demo data could not be written: {0}")]
    Demo(#[from] fault::Fault),
    #[error("the sandbox could not listen on 127.0.0.1:{port}: {source}")]
    Listen { port: u16, source: std::io::Error },
    #[error("the demo data could not be put in place: {0}")]
    Seed(std::io::Error),
    #[error("the sandbox's setup was interrupted")]
    Interrupted,
}

/// A sandbox serving on loopback until [`Running::stop`] or drop.
#[derive(Debug)]
pub struct Running {
    pub addr: SocketAddr,
    shutdown: watch::Sender<bool>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Running {
    /// The v2 base address, e.g. `http://127.0.0.1:4010/v2`.
    pub fn base_url(&self) -> String {
        format!("http://{}/v2", self.addr)
    }

    /// Stops serving and waits until the server and the clock have let go
    /// of the store.
    pub async fn stop(mut self) {
        let _ = self.shutdown.send(true);
        for task in std::mem::take(&mut self.tasks) {
            let _ = task.await;
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.shutdown.send(true);
    }
}

/// Opens the store (seeding demo data if asked) and serves on
/// 127.0.0.1 only.
pub async fn start(config: Config) -> Result<Running, StartError> {
    let Config {
        port,
        api_key,
        db,
        demo,
        demo_language,
        seed,
        faults,
        moderation_delay,
        tick,
        clock_speed,
        limit_members,
        subaccounts,
        outbound,
        contract_only,
        rate_limit,
        rate_window,
    } = config;
    let conn = tokio::task::spawn_blocking(move || -> Result<_, StartError> {
        let conn = match db.as_deref() {
            Some(path) if demo => open_seeded(path, seed, demo_language)?,
            _ => {
                let conn = store::open(db.as_deref())?;
                if demo {
                    demo::seed(&conn, seed, demo_language)?;
                }
                conn
            }
        };
        store::set_setting(&conn, "moderation_delay", &moderation_delay.as_secs().to_string())?;
        store::set_setting(&conn, "seed", &seed.to_string())?;
        store::set_setting(&conn, "clock_speed", &clock_speed.to_string())?;
        if let Some(cap) = limit_members {
            store::set_setting(&conn, "limit_members", &cap.to_string())?;
        }
        Ok(conn)
    })
    .await
    .map_err(|_| StartError::Interrupted)??;
    let app = Arc::new(App {
        conn: Mutex::new(conn),
        api_key,
        subaccounts,
        outbound,
        limit: rate_limit.map(|per_window| limit::RateLimit::new(per_window, rate_window)),
        requests: requests::RequestLog::default(),
    });
    let (shutdown, stopped) = watch::channel(false);
    let clock = tokio::spawn(jobs::clock(Arc::clone(&app), tick, stopped.clone()));
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
        .await
        .map_err(|source| StartError::Listen { port, source })?;
    let addr = listener.local_addr().map_err(|source| StartError::Listen { port, source })?;
    let base = format!("http://{addr}");
    app.with_conn(move |conn| Ok(store::set_setting(conn, "base_address", &base)?)).await?;
    let mut router = Router::new()
        // The request log lives beside the service, not in its store.
        .nest(
            "/v2",
            http::v2::router().route(
                "/sandbox/requests",
                axum::routing::get(http::gate::list_requests).delete(http::gate::clear_requests),
            ),
        )
        .route("/", any(http::legacy::handle))
        .route("/files/{token}", axum::routing::get(http::v2::download))
        .layer(http::refusals::body_limit())
        .layer(axum::middleware::from_fn(http::refusals::in_service_shape))
        .with_state(Arc::clone(&app));
    if contract_only {
        router = router.layer(axum::middleware::from_fn(http::contract::only_listed));
    }
    if faults.misreports() {
        router = router.layer(axum::middleware::from_fn_with_state(Arc::new(faults.clone()), misreport::rewrite));
    }
    if faults.any() {
        let injector = faults::Injector::new(faults, seed);
        router = router.layer(axum::middleware::from_fn_with_state(injector, faults::inject));
    }
    // Outermost: the log sees every request that came, injected faults and
    // refusals over the limit included.
    let router = router.layer(axum::middleware::from_fn_with_state(app, http::gate::pass));
    let mut stop = stopped;
    let server = tokio::spawn(async move {
        let _ = axum::serve(listener, router)
            .with_graceful_shutdown(async move {
                let _ = stop.wait_for(|stopped| *stopped).await;
            })
            .await;
    });
    Ok(Running { addr, shutdown, tasks: vec![clock, server] })
}

/// Writes the demo store at `path` as the demo's first start would (nothing
/// when it is there already) and closes it, serving nothing: a demo made
/// once and copied where a new one is wanted costs a copy instead of the
/// seeding (`sandbox --make-store`; the end-to-end tests do this).
pub fn make_demo_store(path: &std::path::Path, seed: u64, language: DemoLanguage) -> Result<(), StartError> {
    let conn = open_seeded(path, seed, language)?;
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")?;
    Ok(())
}

/// The demo store at `path`, seeded the first time. The seed is written to
/// a file beside it and renamed into place only when complete, so quitting
/// mid-seed never leaves a half-made demo: the next start seeds again.
fn open_seeded(path: &std::path::Path, seed: u64, language: DemoLanguage) -> Result<rusqlite::Connection, StartError> {
    if !path.exists() {
        let partial = path.with_extension("seeding");
        store::remove(&partial).map_err(StartError::Seed)?;
        let conn = store::open(Some(&partial))?;
        demo::seed(&conn, seed, language)?;
        conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;")?;
        drop(conn);
        std::fs::rename(&partial, path).map_err(StartError::Seed)?;
    }
    Ok(store::open(Some(path))?)
}
