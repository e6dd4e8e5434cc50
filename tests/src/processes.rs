//! Child processes the tests start, stopped with their whole process group.

use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The workspace's target directory, where the app and the sandbox are built.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"))
}

pub fn built_binary(name: &str) -> PathBuf {
    let path = target_dir().join("debug").join(name);
    assert!(path.exists(), "{} is not built: run scripts/test, which builds the UI and the app first", path.display());
    path
}

/// `N` different free ports. Each is held until all are found: a port let go
/// at once can be handed out again by the next bind.
pub fn free_ports<const N: usize>() -> [u16; N] {
    let held: Vec<std::net::TcpListener> =
        (0..N).map(|_| std::net::TcpListener::bind("127.0.0.1:0").expect("a free port")).collect();
    std::array::from_fn(|i| held[i].local_addr().expect("a bound port").port())
}

/// A child in its own process group; dropping it stops the group.
pub struct Group(Child);

impl Group {
    pub fn spawn(command: &mut Command) -> Group {
        let child = command.process_group(0).spawn().unwrap_or_else(|e| panic!("cannot start {command:?}: {e}"));
        Group(child)
    }

    pub fn child(&mut self) -> &mut Child {
        &mut self.0
    }

    /// Kills every process of the group at once, as a crash or a power cut
    /// would: nothing gets to save or clean up.
    pub fn kill_now(&mut self) {
        let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", self.0.id())]).status();
        let _ = self.0.wait();
    }
}

impl Drop for Group {
    /// Stops every process of the group and returns once none is left: the
    /// app is the driver's child, and one still quitting holds the
    /// single-instance name on the session bus, so the next app started
    /// would hand itself over to it and end.
    fn drop(&mut self) {
        let pgid = self.0.id();
        let group = format!("-{pgid}");
        let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            let _ = self.0.try_wait();
            if !group_alive(pgid) {
                let _ = self.0.wait();
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.0.wait();
        while group_alive(pgid) {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Whether a process of group `pgid` still runs (zombies, which hold
/// nothing, do not count).
fn group_alive(pgid: u32) -> bool {
    let Ok(entries) = std::fs::read_dir("/proc") else { return false };
    entries.filter_map(Result::ok).any(|entry| {
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // After the command's name in parentheses: state, parent, group.
        let mut fields = stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace()).into_iter().flatten();
        let state = fields.next();
        let group = fields.nth(1).and_then(|g| g.parse::<u32>().ok());
        group == Some(pgid) && state != Some("Z")
    })
}

/// `sandbox --port 0 --api-key KEY`, as a separate program.
pub struct SandboxProcess {
    _group: Group,
    pub base_url: String,
}

impl SandboxProcess {
    pub fn start(api_key: &str) -> SandboxProcess {
        SandboxProcess::start_with(api_key, &[])
    }

    /// The sandbox with more of its options: its demo business, faults.
    pub fn start_with(api_key: &str, options: &[&str]) -> SandboxProcess {
        let mut group = Group::spawn(
            Command::new(built_binary("sandbox"))
                .args(["--port", "0", "--api-key", api_key])
                .args(options)
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit()),
        );
        let stdout = group.child().stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).expect("the sandbox prints its address");
        let base_url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://") && w.ends_with("/v2)"))
            .map(|w| w.trim_end_matches(')').to_string())
            .unwrap_or_else(|| panic!("unexpected first line from the sandbox: {line:?}"));
        SandboxProcess { _group: group, base_url }
    }
}

/// The name the app's single-instance guard holds on the session bus
/// (`<identifier>.SingleInstance`).
const SINGLE_INSTANCE: &str = "app.campaigndesk.desktop.SingleInstance";

/// Asks the session bus one of its own questions about the app's name.
fn ask_bus(method: &str) -> String {
    let output = Command::new("dbus-send")
        .args(["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus"])
        .arg(format!("org.freedesktop.DBus.{method}"))
        .arg(format!("string:{SINGLE_INSTANCE}"))
        .output();
    output.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default()
}

/// Returns once no app holds the single-instance name. An app of an earlier
/// test still quitting (the driver may start it outside the driver's
/// process group) would take the next start for a second launch, hand its
/// arguments to the quitting one and end: the next test's window would
/// never come.
pub async fn no_app_running() {
    let held = || async { (!ask_bus("NameHasOwner").contains("boolean true")).then_some(()) };
    if let Err(e) =
        crate::webdriver::wait_for(Duration::from_secs(30), "the last app to leave the session bus", held).await
    {
        panic!("{e}: {SINGLE_INSTANCE} is still held, by {}", ask_bus("GetConnectionUnixProcessID").trim());
    }
}
