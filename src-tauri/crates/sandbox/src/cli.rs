//! The `sandbox` program's command line (see [`USAGE`]). It lives in the
//! library, and `src/main.rs` only calls it: the program is then compiled
//! once, with the library, and its binary links what is already built.

use crate::{make_demo_store, start, Config};
use std::process::ExitCode;

pub const USAGE: &str = "usage: sandbox --port N --api-key KEY [--db PATH] [--demo] [--demo-language en|ru] [--seed N]
               [--moderation-delay S] [--clock-speed X] [--limit-members N] [--rate-limit N] [--rate-window S]
               [--latency MS] [--fail-rate R] [--drop-rate R] [--applied-drop-rate R] [--throttle-rate R] [--retry-after S] [--down-after N]
               [--fail-next OPERATION]... [--cut-next OPERATION]... [--refuse-value TEXT]
               [--contract-only] [--ignore-offset] [--has-more-forever] [--bad-timestamp]
       sandbox --make-store --demo --db PATH [--demo-language en|ru] [--seed N]
  --make-store: write the demo store at PATH, as the demo's first start would, and exit
    without serving (a demo made once, to be copied)
  --rate-limit N: at most N requests per key a minute (or per --rate-window S seconds), then
    429 with code 58 and retry_after (legacy interface: err_code 58); none by default
  --demo-language: the language the demo business writes in (a new store only); English by default
  rates are shares of requests from 0 to 1: 503 answers, dropped connections, 429 answers
  --fail-next, --cut-next: the next request to OPERATION (a legacy method, or a REST method and
    path with * for a segment: 'POST /v2/lists/*/fields') is answered 503, or carried out and its
    answer cut; once each time it is given
  --refuse-value: a write carrying TEXT as a value (a subscriber's field) is refused, 422 code 2";

/// What the command line asks for.
enum Run {
    Serve(Config),
    MakeStore(Config),
}

fn parse(args: impl Iterator<Item = String>) -> Result<Run, String> {
    let mut config = Config::new(String::new());
    let mut make_store = false;
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--port" => config.port = value("--port")?.parse().map_err(|_| "--port takes a number")?,
            "--api-key" => config.api_key = value("--api-key")?,
            "--db" => config.db = Some(value("--db")?.into()),
            "--seed" => config.seed = value("--seed")?.parse().map_err(|_| "--seed takes a number")?,
            "--demo" => config.demo = true,
            "--demo-language" => {
                config.demo_language =
                    crate::DemoLanguage::parse(&value("--demo-language")?).ok_or("--demo-language takes en or ru")?
            }
            "--limit-members" => {
                config.limit_members =
                    Some(value("--limit-members")?.parse().map_err(|_| "--limit-members takes a number")?)
            }
            "--rate-limit" => {
                config.rate_limit = match value("--rate-limit")?.parse::<u32>() {
                    Ok(n) if n > 0 => Some(n),
                    _ => return Err("--rate-limit takes a number of requests above 0".into()),
                }
            }
            "--rate-window" => {
                config.rate_window = match value("--rate-window")?.parse::<u64>() {
                    Ok(seconds) if seconds > 0 => std::time::Duration::from_secs(seconds),
                    _ => return Err("--rate-window takes seconds above 0".into()),
                }
            }
            "--clock-speed" => {
                config.clock_speed = match value("--clock-speed")?.parse::<f64>() {
                    Ok(speed) if speed > 0.0 => speed,
                    _ => return Err("--clock-speed takes a number above 0".into()),
                }
            }
            "--moderation-delay" => {
                let seconds: u64 =
                    value("--moderation-delay")?.parse().map_err(|_| "--moderation-delay takes seconds")?;
                config.moderation_delay = std::time::Duration::from_secs(seconds);
            }
            "--latency" => {
                let ms: u64 = value("--latency")?.parse().map_err(|_| "--latency takes milliseconds")?;
                config.faults.latency = std::time::Duration::from_millis(ms);
            }
            "--fail-rate" => config.faults.fail_rate = rate(&value("--fail-rate")?)?,
            "--drop-rate" => config.faults.drop_rate = rate(&value("--drop-rate")?)?,
            "--applied-drop-rate" => config.faults.applied_drop_rate = rate(&value("--applied-drop-rate")?)?,
            "--throttle-rate" => config.faults.throttle_rate = rate(&value("--throttle-rate")?)?,
            "--retry-after" => {
                config.faults.retry_after =
                    value("--retry-after")?.parse().map_err(|_| "--retry-after takes seconds")?
            }
            "--down-after" => {
                config.faults.down_after =
                    Some(value("--down-after")?.parse().map_err(|_| "--down-after takes a number of requests")?)
            }
            "--fail-next" => config.faults.fail_next.push(value("--fail-next")?),
            "--cut-next" => config.faults.cut_next.push(value("--cut-next")?),
            "--refuse-value" => config.faults.refused_value = Some(value("--refuse-value")?),
            "--ignore-offset" => config.faults.ignore_offset = true,
            "--has-more-forever" => config.faults.has_more_forever = true,
            "--bad-timestamp" => config.faults.bad_timestamp = true,
            "--contract-only" => config.contract_only = true,
            "--make-store" => make_store = true,
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if make_store {
        return match (&config.db, config.demo) {
            (Some(_), true) => Ok(Run::MakeStore(config)),
            _ => Err("--make-store writes the demo's store: give --demo and --db PATH".into()),
        };
    }
    if config.api_key.is_empty() {
        return Err("--api-key is required".into());
    }
    Ok(Run::Serve(config))
}

fn rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(r) if (0.0..=1.0).contains(&r) => Ok(r),
        _ => Err(format!("a rate is a number from 0 to 1, not {text}")),
    }
}

/// The `sandbox` program: its arguments read, then a store made or the
/// service served until Ctrl+C.
pub fn main() -> ExitCode {
    let config = match parse(std::env::args().skip(1)) {
        Ok(Run::Serve(config)) => config,
        Ok(Run::MakeStore(config)) => {
            let path = config.db.as_deref().expect("checked when parsed");
            return match make_demo_store(path, config.seed, config.demo_language) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("sandbox: {err}");
                    ExitCode::FAILURE
                }
            };
        }
        Err(message) => {
            if !message.is_empty() {
                eprintln!("sandbox: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("sandbox: no runtime to serve on: {err}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(serve(config))
}

async fn serve(config: Config) -> ExitCode {
    match start(config).await {
        Ok(running) => {
            println!("sandbox listening on http://{}  (REST v2: {})", running.addr, running.base_url());
            let _ = tokio::signal::ctrl_c().await;
            running.stop().await;
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("sandbox: {err}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(args: &[&str]) -> Result<Config, String> {
        match parse(args.iter().map(|a| a.to_string()))? {
            Run::Serve(config) => Ok(config),
            Run::MakeStore(_) => Err("asked to make a store".into()),
        }
    }

    #[test]
    fn making_a_store_needs_the_demo_and_a_path_and_no_key() {
        let run = parse(
            ["--make-store", "--demo", "--db", "d.sqlite", "--demo-language", "ru"].map(String::from).into_iter(),
        );
        let Ok(Run::MakeStore(config)) = run else { panic!("a store to make") };
        assert_eq!(config.demo_language, crate::DemoLanguage::Ru);
        for wrong in [&["--make-store", "--demo"][..], &["--make-store", "--db", "d.sqlite"]] {
            assert!(parse(wrong.iter().map(|a| a.to_string())).is_err(), "{wrong:?}");
        }
    }

    #[test]
    fn the_rate_limit_and_its_window_are_read_and_off_by_default() {
        let config = parsed(&["--api-key", "k", "--rate-limit", "120"]).unwrap();
        assert_eq!((config.rate_limit, config.rate_window), (Some(120), std::time::Duration::from_secs(60)));
        let config = parsed(&["--api-key", "k", "--rate-limit", "5", "--rate-window", "2"]).unwrap();
        assert_eq!((config.rate_limit, config.rate_window), (Some(5), std::time::Duration::from_secs(2)));
        assert_eq!(parsed(&["--api-key", "k"]).unwrap().rate_limit, None);
        for wrong in [["--rate-limit", "0"], ["--rate-limit", "many"], ["--rate-window", "0"]] {
            assert!(parsed(&["--api-key", "k", wrong[0], wrong[1]]).is_err(), "{wrong:?}");
        }
    }

    #[test]
    fn the_demo_speaks_english_unless_told_russian() {
        use crate::DemoLanguage;
        assert_eq!(parsed(&["--api-key", "k", "--demo"]).unwrap().demo_language, DemoLanguage::En);
        let config = parsed(&["--api-key", "k", "--demo", "--demo-language", "ru"]).unwrap();
        assert_eq!((config.demo, config.demo_language), (true, DemoLanguage::Ru));
        assert!(parsed(&["--api-key", "k", "--demo-language", "fr"]).is_err());
    }

    #[test]
    fn named_faults_are_kept_once_for_each_flag() {
        let args = ["--api-key", "k", "--fail-next", "lists.get", "--fail-next", "lists.get"];
        let config = parsed(&[&args[..], &["--cut-next", "POST /v2/lists/*/fields"]].concat()).unwrap();
        assert_eq!(config.faults.fail_next, ["lists.get", "lists.get"]);
        assert_eq!(config.faults.cut_next, ["POST /v2/lists/*/fields"]);
        assert!(config.faults.any());
        assert!(parsed(&["--api-key", "k", "--fail-next"]).is_err());
    }
}
