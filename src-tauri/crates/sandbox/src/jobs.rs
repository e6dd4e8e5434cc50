//! Work that runs beside the requests: what an operation leaves for after
//! its answer (imports, attachment sizes), and the sending clock.

use crate::app::{App, Outbound};
use crate::fault::Fault;
use crate::ops::imports::{self, Tally, CHUNK};
use crate::ops::Job;
use crate::ops::Mapping;
use crate::ops::{Call, Outcome};
use std::sync::Arc;

/// Runs an operation, then starts the work it leaves for later: what both
/// interfaces do with every call.
pub async fn call(app: &Arc<App>, method: &str, call: Call) -> crate::fault::Result<Outcome> {
    let operation = crate::ops::find(method).ok_or_else(|| Fault::unknown_method(method))?;
    let mut outcome = app.with_conn(move |conn| operation(conn, &call)).await?;
    for job in std::mem::take(&mut outcome.jobs) {
        tokio::spawn(run(Arc::clone(app), job));
    }
    Ok(outcome)
}

pub async fn run(app: Arc<App>, job: Job) {
    match job {
        Job::Import { import_id, file, mapping } => import(app, import_id, file, mapping).await,
        Job::Deliver { delivery_id } => deliver(app, delivery_id).await,
        Job::MeasureAttachment { attachment_id, url } => {
            if let Ok(bytes) = fetch(&url, &app.outbound).await {
                let size = bytes.len() as i64;
                let _ = app
                    .with_conn(move |c| {
                        c.execute("UPDATE attachments SET size = ?1 WHERE id = ?2", [size, attachment_id])?;
                        Ok(())
                    })
                    .await;
            }
        }
    }
}

async fn import(app: Arc<App>, import_id: i64, file: String, mapping: Mapping) {
    let Ok((list_id, list_state)) = app.with_conn(move |c| imports::begin(c, import_id)).await else {
        return;
    };
    let mut tally = Tally::default();
    let rows = fetch(&file, &app.outbound).await.and_then(|bytes| crate::sheets::rows(&mapping, bytes));
    let error = match rows {
        Err(message) => Some(message),
        Ok(rows) => {
            let mapping = Arc::new(mapping);
            let mut failure = None;
            for (n, chunk) in rows.chunks(CHUNK).enumerate() {
                let (chunk, mapping) = (chunk.to_vec(), Arc::clone(&mapping));
                let written = app
                    .with_conn(move |c| {
                        imports::write_chunk(c, list_id, &mapping, &chunk, n == 0, &mut tally)?;
                        Ok(tally)
                    })
                    .await;
                match written {
                    Ok(counts) => tally = counts,
                    Err(fault) => {
                        failure = Some(fault.message);
                        break;
                    }
                }
            }
            failure
        }
    };
    let _ = app.with_conn(move |c| imports::finish(c, import_id, list_id, &list_state, tally, error.as_deref())).await;
}

/// POSTs a route's webhook or notification, signed with the route's key.
async fn deliver(app: Arc<App>, delivery_id: i64) {
    let Ok((url, body, signature)) = app.with_conn(move |c| crate::ops::router_mail::outgoing(c, delivery_id)).await
    else {
        return;
    };
    if let Err(refusal) = crate::ops::event_hooks::loopback_only(&url) {
        let _ = app.with_conn(move |c| crate::ops::router_mail::delivered(c, delivery_id, None, Some(refusal))).await;
        return;
    }
    let sent = no_redirects()
        .post(&url)
        .header("content-type", "application/json")
        .header(crate::ops::signature::HEADER, signature)
        .timeout(std::time::Duration::from_secs(10))
        .body(body)
        .send()
        .await;
    let (code, error) = match sent {
        Ok(response) => (Some(response.status().as_u16()), None),
        Err(e) => (None, Some(e.without_url().to_string())),
    };
    let _ = app.with_conn(move |c| crate::ops::router_mail::delivered(c, delivery_id, code, error)).await;
}

/// Calls the account's webhooks for events that came due.
async fn post_event_hooks(app: &Arc<App>) {
    use crate::ops::event_hooks;
    let Ok(queued) = app.with_conn(|c| event_hooks::queued(c, 200)).await else { return };
    let client = no_redirects();
    for (id, url, body) in queued {
        if crate::ops::event_hooks::loopback_only(&url).is_err() {
            let _ = app.with_conn(move |c| event_hooks::record(c, id, None)).await;
            continue;
        }
        let sent = client
            .post(&url)
            .header("content-type", "application/json")
            .timeout(std::time::Duration::from_secs(5))
            .body(body)
            .send()
            .await;
        let code = sent.ok().map(|r| r.status().as_u16());
        let _ = app.with_conn(move |c| event_hooks::record(c, id, code)).await;
    }
}

/// Moves the service on every `period` until `stop` turns true.
pub async fn clock(app: Arc<App>, period: std::time::Duration, mut stop: tokio::sync::watch::Receiver<bool>) {
    loop {
        tokio::select! {
            _ = tokio::time::sleep(period) => {
                let _ = app.with_conn(crate::ops::sending::tick).await;
                post_event_hooks(&app).await;
            }
            _ = stop.changed() => return,
        }
    }
}

/// An HTTP client that follows no redirect: a loopback address must not
/// lead the sandbox anywhere else. One for the process, as reqwest means
/// a client to be used: made anew for every call, each read and parsed the
/// system's trusted roots again. It keeps no idle connection: a connection
/// belongs to the runtime that opened it, and sandboxes in one process (the
/// tests) each run their own.
fn no_redirects() -> reqwest::Client {
    static CLIENT: std::sync::OnceLock<reqwest::Client> = std::sync::OnceLock::new();
    CLIENT
        .get_or_init(|| {
            reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .pool_max_idle_per_host(0)
                .build()
                .unwrap_or_default()
        })
        .clone()
}

/// A file's bytes, from `file://` or `http(s)://`, as far as `outbound` allows.
async fn fetch(address: &str, outbound: &Outbound) -> Result<Vec<u8>, String> {
    let url = url::Url::parse(address).map_err(|e| format!("{address} is not a file address ({e})"))?;
    let bytes = match url.scheme() {
        "file" => {
            let path = url.to_file_path().map_err(|_| format!("{address} is not a local file"))?;
            if let Outbound::Confined(grants) = outbound {
                if !grants.allows(&path) {
                    return Err(format!("the file {} was not picked in the app", path.display()));
                }
            }
            tokio::fs::read(&path).await.map_err(|e| format!("the file {} could not be read ({e})", path.display()))?
        }
        _ => {
            if matches!(outbound, Outbound::Confined(_)) {
                crate::ops::event_hooks::loopback_only(address)?;
            }
            download(url, FETCH_LIMITS).await?
        }
    };
    Ok(bytes)
}

/// How long a fetch may take and how much it may bring: an address that
/// never answers, or answers without end, must not hold a job or the
/// memory of the app the demo runs in.
#[derive(Debug, Clone, Copy)]
struct FetchLimits {
    time: std::time::Duration,
    bytes: usize,
}

const FETCH_LIMITS: FetchLimits = FetchLimits { time: std::time::Duration::from_secs(60), bytes: 64 * 1024 * 1024 };

async fn download(url: url::Url, limits: FetchLimits) -> Result<Vec<u8>, String> {
    let failed = |e: reqwest::Error| format!("the file could not be fetched ({})", e.without_url());
    let too_large = || format!("the file is larger than {} MB", limits.bytes / (1024 * 1024));
    let reading = async {
        let mut response = no_redirects().get(url).send().await.map_err(failed)?;
        if !response.status().is_success() {
            return Err(format!("the file could not be fetched (HTTP {})", response.status().as_u16()));
        }
        if response.content_length().is_some_and(|n| n > limits.bytes as u64) {
            return Err(too_large());
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(failed)? {
            if bytes.len() + chunk.len() > limits.bytes {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(bytes)
    };
    tokio::time::timeout(limits.time, reading)
        .await
        .map_err(|_| format!("the file did not arrive within {} s", limits.time.as_secs()))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// A loopback server that answers one request with `head`, then sends
    /// `body_bytes` zeros (or nothing more and waits, when `None`).
    async fn server(head: &'static str, body_bytes: Option<usize>) -> url::Url {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = url::Url::parse(&format!("http://{}/file.csv", listener.local_addr().unwrap())).unwrap();
        tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut request = [0u8; 1024];
            let _ = socket.read(&mut request).await;
            let _ = socket.write_all(head.as_bytes()).await;
            match body_bytes {
                Some(n) => {
                    let _ = socket.write_all(&vec![b'0'; n]).await;
                }
                None => std::future::pending::<()>().await,
            }
        });
        url
    }

    const SMALL: FetchLimits = FetchLimits { time: std::time::Duration::from_millis(500), bytes: 1000 };

    #[tokio::test]
    async fn a_file_within_the_limits_arrives_whole() {
        let url = server("HTTP/1.1 200 OK\r\ncontent-length: 1000\r\n\r\n", Some(1000)).await;
        assert_eq!(download(url, SMALL).await.map(|b| b.len()), Ok(1000));
    }

    #[tokio::test]
    async fn a_file_over_the_cap_is_refused_whether_announced_or_not() {
        let announced = server("HTTP/1.1 200 OK\r\ncontent-length: 1001\r\n\r\n", Some(1001)).await;
        let err = download(announced, SMALL).await.unwrap_err();
        assert!(err.contains("larger than"), "{err}");
        let unannounced = server("HTTP/1.1 200 OK\r\nconnection: close\r\n\r\n", Some(5000)).await;
        let err = download(unannounced, SMALL).await.unwrap_err();
        assert!(err.contains("larger than"), "{err}");
    }

    #[tokio::test]
    async fn an_address_that_never_finishes_answering_times_out() {
        let url = server("HTTP/1.1 200 OK\r\ncontent-length: 1000\r\n\r\n", None).await;
        let started = std::time::Instant::now();
        let err = download(url, SMALL).await.unwrap_err();
        assert!(err.contains("did not arrive"), "{err}");
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
}
