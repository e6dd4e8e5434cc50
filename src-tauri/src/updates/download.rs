//! The package's download, with limits the updater plugin's own download
//! lacks: a package larger than [`Limits::bytes`] is refused as soon as its
//! server declares that size or, when the server does not say, as soon as
//! that many bytes have arrived; and the whole download ends at
//! [`Limits::deadline`], however steadily a slow server trickles. The bytes
//! are then checked by the plugin (signature and signed version) before
//! anything is installed.

use reqwest::header::ACCEPT;
use std::time::Duration;
use tauri::Url;

const MIB: u64 = 1024 * 1024;

/// How large a package may be, and how long its download may take.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    pub bytes: u64,
    pub deadline: Duration,
}

/// The app's packages are 10 to 30 MiB (the universal macOS app is the
/// largest): eight times that is still a package, anything more is not.
/// Half an hour brings 256 MiB at 1.2 Mbit/s.
pub const PACKAGE: Limits = Limits { bytes: 256 * MIB, deadline: Duration::from_secs(30 * 60) };

/// Why a download gave up.
#[derive(Debug, PartialEq)]
pub enum Refusal {
    /// Declared or received past the limit, in bytes.
    TooLarge { limit: u64 },
    /// Still arriving at the deadline.
    TooSlow { deadline: Duration },
    /// The server or the connection failed.
    Failed(String),
}

impl Refusal {
    /// The limit in whole MiB, as the user is told it.
    pub fn mib(limit: u64) -> u64 {
        limit.div_ceil(MIB)
    }
}

/// Downloads `url` within `limits`; `on_chunk` hears each chunk's arrival
/// with the bytes received so far and the size the server declared.
pub async fn download(
    client: &reqwest::Client,
    url: Url,
    limits: Limits,
    mut on_chunk: impl FnMut(u64, Option<u64>),
) -> Result<Vec<u8>, Refusal> {
    let failed = |err: reqwest::Error| Refusal::Failed(err.without_url().to_string());
    let whole = async {
        let mut response = client
            .get(url)
            .header(ACCEPT, "application/octet-stream")
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(failed)?;
        let declared = response.content_length();
        if declared.is_some_and(|size| size > limits.bytes) {
            return Err(Refusal::TooLarge { limit: limits.bytes });
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(failed)? {
            if (bytes.len() + chunk.len()) as u64 > limits.bytes {
                return Err(Refusal::TooLarge { limit: limits.bytes });
            }
            bytes.extend_from_slice(&chunk);
            on_chunk(bytes.len() as u64, declared);
        }
        Ok(bytes)
    };
    tokio::time::timeout(limits.deadline, whole).await.unwrap_or(Err(Refusal::TooSlow { deadline: limits.deadline }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};

    const LIMITS: Limits = Limits { bytes: 64 * 1024, deadline: Duration::from_secs(20) };

    /// A server on loopback that answers each request as `answer` writes,
    /// with the bytes it managed to send counted.
    async fn serve<F, A>(answer: A) -> (Url, Arc<AtomicU64>)
    where
        A: Fn(TcpStream, Arc<AtomicU64>) -> F + Send + 'static,
        F: std::future::Future<Output = ()> + Send + 'static,
    {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = Url::parse(&format!("http://{}/campaign-desk.tar.gz", listener.local_addr().unwrap())).unwrap();
        let sent = Arc::new(AtomicU64::new(0));
        let counted = sent.clone();
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                let mut request = [0u8; 4096];
                let _ = stream.read(&mut request).await;
                tokio::spawn(answer(stream, counted.clone()));
            }
        });
        (url, sent)
    }

    /// Writes `part` until the client goes, counting what was sent.
    async fn write_until_gone(mut stream: TcpStream, part: &[u8], pause: Duration, sent: Arc<AtomicU64>) {
        while stream.write_all(part).await.is_ok() {
            sent.fetch_add(part.len() as u64, Ordering::SeqCst);
            tokio::time::sleep(pause).await;
        }
    }

    fn client() -> reqwest::Client {
        reqwest::Client::builder().no_proxy().build().unwrap()
    }

    #[tokio::test]
    async fn a_package_within_the_limits_arrives_whole_and_is_told_as_it_comes() {
        let body = vec![7u8; 40 * 1024];
        let answer = body.clone();
        let (url, _) = serve(move |mut stream, _| {
            let answer = answer.clone();
            async move {
                let head = format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", answer.len());
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(&answer).await;
            }
        })
        .await;
        let mut told = Vec::new();
        let got = download(&client(), url, LIMITS, |received, total| told.push((received, total))).await;
        assert_eq!(got, Ok(body));
        assert_eq!(told.last(), Some(&(40 * 1024, Some(40 * 1024))));
        assert!(told.windows(2).all(|pair| pair[0].0 < pair[1].0), "{told:?}");
    }

    #[tokio::test]
    async fn a_declared_size_past_the_limit_is_refused_before_its_bytes() {
        // A terabyte declared, and bytes ready to follow.
        let (url, _) = serve(|mut stream, sent| async move {
            let head = "HTTP/1.1 200 OK\r\nContent-Length: 1099511627776\r\n\r\n";
            if stream.write_all(head.as_bytes()).await.is_ok() {
                write_until_gone(stream, &[0u8; 16 * 1024], Duration::ZERO, sent).await;
            }
        })
        .await;
        let mut told = 0;
        let got = download(&client(), url, LIMITS, |_, _| told += 1).await;
        assert_eq!(got, Err(Refusal::TooLarge { limit: LIMITS.bytes }));
        assert_eq!(told, 0, "not a byte of the body was taken");
    }

    #[tokio::test]
    async fn an_undeclared_size_is_refused_as_the_limit_is_passed_mid_stream() {
        // Chunked, without an end: a server that would send forever.
        let (url, sent) = serve(|mut stream, sent| async move {
            let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
            let mut chunk = b"4000\r\n".to_vec();
            chunk.extend([1u8; 0x4000]);
            chunk.extend(b"\r\n");
            if stream.write_all(head.as_bytes()).await.is_ok() {
                write_until_gone(stream, &chunk, Duration::ZERO, sent).await;
            }
        })
        .await;
        let mut received = 0;
        let got = download(&client(), url, LIMITS, |so_far, total| {
            assert_eq!(total, None);
            received = so_far;
        })
        .await;
        assert_eq!(got, Err(Refusal::TooLarge { limit: LIMITS.bytes }));
        assert!(received <= LIMITS.bytes, "{received}");
        // The connection is dropped: the server's writes soon fail.
        let stopped_at = sent.load(Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(500)).await;
        let later = sent.load(Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(sent.load(Ordering::SeqCst), later, "the server still sends (it had sent {stopped_at})");
    }

    #[tokio::test]
    async fn a_download_still_trickling_at_the_deadline_is_given_up() {
        // A byte every 20 ms: never quiet long enough for a read timeout.
        let (url, _) = serve(|mut stream, sent| async move {
            let head = "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n";
            if stream.write_all(head.as_bytes()).await.is_ok() {
                write_until_gone(stream, b"x", Duration::from_millis(20), sent).await;
            }
        })
        .await;
        let limits = Limits { deadline: Duration::from_millis(300), ..LIMITS };
        let mut received = 0;
        let started = std::time::Instant::now();
        let got = download(&client(), url, limits, |so_far, _| received = so_far).await;
        assert_eq!(got, Err(Refusal::TooSlow { deadline: limits.deadline }));
        assert!(received > 0, "bytes were arriving");
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    }

    #[tokio::test]
    async fn a_server_that_refuses_is_a_failure_said_without_the_address() {
        let (url, _) = serve(|mut stream, _| async move {
            let _ = stream.write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n").await;
        })
        .await;
        let got = download(&client(), url, LIMITS, |_, _| {}).await;
        let Err(Refusal::Failed(detail)) = got else { panic!("{got:?}") };
        assert!(detail.contains("404") && !detail.contains("127.0.0.1"), "{detail}");
    }
}
