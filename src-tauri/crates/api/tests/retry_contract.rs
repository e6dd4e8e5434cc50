//! Reads tried again within one deadline, against a tiny server on loopback
//! that answers what each test scripts: a `Retry-After` given as an HTTP
//! date is waited until that date; a wait past the deadline is not waited
//! and the error says when to try again; failures and silence end at the
//! deadline.

use campaign_desk_api::{ApiKey, Client, Error, RetryPolicy};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const OK: &str = r#"{"response": {"msg": {"err_code": 0, "text": "OK"}, "data": []}}"#;
const SLOW_DOWN: &str = r#"{"error": {"code": 58, "message": "Too many requests"}}"#;

/// One scripted answer: status, extra headers, body; `None` never answers.
type Answer = Option<(u16, Vec<(&'static str, String)>, &'static str)>;

/// Serves `script` in order (its last answer again once it runs out) and
/// counts the requests.
async fn server(script: Vec<Answer>) -> (String, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/v2", listener.local_addr().unwrap());
    let count = Arc::new(AtomicUsize::new(0));
    let seen = Arc::clone(&count);
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let n = seen.fetch_add(1, Ordering::SeqCst);
            let answer = script.get(n).or(script.last()).cloned().flatten();
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buf = [0u8; 4096];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match socket.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let Some((status, headers, body)) = answer else {
                    tokio::time::sleep(Duration::from_secs(3600)).await;
                    return;
                };
                let mut text = format!("HTTP/1.1 {status} X\r\ncontent-type: application/json\r\n");
                for (name, value) in headers {
                    text += &format!("{name}: {value}\r\n");
                }
                text += &format!("content-length: {}\r\nconnection: close\r\n\r\n{body}", body.len());
                let _ = socket.write_all(text.as_bytes()).await;
            });
        }
    });
    (base, count)
}

fn client(base: &str, deadline: Duration) -> Client {
    let retry = RetryPolicy {
        max_retries: 50,
        base_delay: Duration::from_millis(100),
        max_delay: Duration::from_millis(400),
        deadline,
    };
    Client::new(base, ApiKey::new("k")).unwrap().with_retry_policy(retry)
}

/// A read that does not end in time fails the test instead of hanging it.
async fn ends<T>(read: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(20), read).await.expect("the read ends")
}

fn in_seconds(seconds: u64) -> String {
    httpdate::fmt_http_date(SystemTime::now() + Duration::from_secs(seconds))
}

#[tokio::test]
async fn a_retry_after_given_as_an_http_date_is_waited_until_that_date() {
    let throttled = Some((429, vec![("retry-after", in_seconds(2))], SLOW_DOWN));
    let (base, requests) = server(vec![throttled, Some((200, vec![], OK))]).await;
    let started = Instant::now();
    ends(client(&base, Duration::from_secs(20)).get(&["lists"], &[])).await.unwrap();
    assert_eq!(requests.load(Ordering::SeqCst), 2);
    assert!(started.elapsed() >= Duration::from_secs(1), "waited until the date: {:?}", started.elapsed());
}

#[tokio::test]
async fn a_wait_past_the_deadline_is_not_waited_and_the_error_says_when_to_try_again() {
    let throttled = Some((429, vec![("retry-after", in_seconds(3600))], SLOW_DOWN));
    let (base, requests) = server(vec![throttled]).await;
    let started = Instant::now();
    let err = ends(client(&base, Duration::from_secs(5)).get(&["lists"], &[])).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(2), "not waited: {:?}", started.elapsed());
    assert_eq!(requests.load(Ordering::SeqCst), 1);
    let Error::Service(refusal) = err else { panic!("{err:?}") };
    assert!(refusal.retry_after().is_some_and(|s| (3590..=3601).contains(&s)), "{:?}", refusal.retry_after());
}

#[tokio::test]
async fn the_body_s_retry_after_is_honoured_too() {
    let throttled = Some((429, vec![], r#"{"error": {"code": 58, "message": "slow", "details": {"retry_after": 1}}}"#));
    let (base, requests) = server(vec![throttled, Some((200, vec![], OK))]).await;
    let started = Instant::now();
    ends(client(&base, Duration::from_secs(20)).get(&["lists"], &[])).await.unwrap();
    assert_eq!(requests.load(Ordering::SeqCst), 2);
    assert!(started.elapsed() >= Duration::from_secs(1));
}

#[tokio::test]
async fn a_retry_after_of_u64_max_in_the_header_or_the_body_fails_at_once_and_says_a_day() {
    let endless = u64::MAX.to_string();
    let in_header = Some((429, vec![("retry-after", endless)], SLOW_DOWN));
    let in_body = Some((
        429,
        vec![],
        r#"{"error": {"code": 58, "message": "slow", "details": {"retry_after": 18446744073709551615}}}"#,
    ));
    for throttled in [in_header, in_body] {
        let (base, requests) = server(vec![throttled]).await;
        let err = ends(client(&base, Duration::from_secs(5)).get(&["lists"], &[])).await.unwrap_err();
        assert_eq!(requests.load(Ordering::SeqCst), 1, "not waited");
        let Error::Service(refusal) = err else { panic!("{err:?}") };
        assert_eq!(refusal.retry_after(), Some(campaign_desk_api::error::LONGEST_RETRY_AFTER));
    }
}

#[tokio::test]
async fn reads_that_keep_failing_stop_at_the_deadline() {
    let (base, requests) = server(vec![Some((503, vec![], r#"{"error": {"code": 503, "message": "down"}}"#))]).await;
    let started = Instant::now();
    let err = ends(client(&base, Duration::from_secs(1)).get(&["lists"], &[])).await.unwrap_err();
    assert_eq!(err.status(), Some(503));
    assert!(started.elapsed() < Duration::from_millis(1500), "within the deadline: {:?}", started.elapsed());
    assert!(requests.load(Ordering::SeqCst) > 1, "tried again while there was time");
}

#[tokio::test]
async fn a_read_with_no_answer_ends_at_the_deadline() {
    let (base, _) = server(vec![None]).await;
    let started = Instant::now();
    let err = ends(client(&base, Duration::from_secs(1)).get(&["lists"], &[])).await.unwrap_err();
    assert!(matches!(err, Error::Timeout), "{err:?}");
    assert!(started.elapsed() < Duration::from_millis(1500), "{:?}", started.elapsed());
}
