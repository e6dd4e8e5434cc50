//! The packages `scripts/package` builds, as a person gets them: the `.deb`
//! installed on this machine, the app started from its desktop entry's
//! command in a real window on the demo workspace, then removed, leaving
//! nothing but the user's data; the `.rpm` read for its files and what it
//! needs.
//!
//! They install a package, so they run only when asked (`--ignored`):
//! `scripts/test` packages the app, then runs them.

use e2e::app::{data_dir_for, App};
use e2e::processes::target_dir;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const PACKAGE: &str = "campaign-desk";

/// The newest package of this kind that `scripts/package` built, release or debug.
fn built(kind: &str) -> PathBuf {
    let found = ["release", "debug"]
        .iter()
        .filter_map(|profile| std::fs::read_dir(target_dir().join(profile).join("bundle").join(kind)).ok())
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == kind))
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok());
    found.unwrap_or_else(|| panic!("no .{kind} under target/*/bundle/{kind}: run scripts/package first"))
}

fn run(program: &str, args: &[&str]) -> Output {
    Command::new(program).args(args).output().unwrap_or_else(|e| panic!("{program} could not start: {e}"))
}

/// Runs a command as root, through `sudo` when the tests are not root.
fn as_root(args: &[&str]) -> Output {
    let root = run("id", &["-u"]).stdout.starts_with(b"0");
    if root {
        run(args[0], &args[1..])
    } else {
        let mut all = vec!["-n"];
        all.extend_from_slice(args);
        run("sudo", &all)
    }
}

fn succeeded(what: &str, output: Output) -> String {
    assert!(
        output.status.success(),
        "{what} failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A key of a desktop entry's main group.
fn entry_key<'a>(entry: &'a str, key: &str) -> &'a str {
    entry
        .lines()
        .find_map(|line| line.strip_prefix(key).and_then(|rest| rest.strip_prefix('=')))
        .unwrap_or_else(|| panic!("the desktop entry has no {key}:\n{entry}"))
}

/// Where a command of a desktop entry runs from, as the desktop finds it on the PATH.
fn on_path(command: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin")])
        .map(|dir| dir.join(command))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{command} is not on the PATH"))
}

#[tokio::test]
#[ignore = "installs the package: scripts/test packages the app, then runs this"]
async fn the_deb_installs_opens_the_demo_from_its_desktop_entry_and_leaves_only_the_user_s_data() {
    let deb = built("deb");
    let deb = deb.to_str().unwrap();
    let fields = succeeded("dpkg-deb --field", run("dpkg-deb", &["--field", deb]));
    for field in ["Package: campaign-desk", "Maintainer:", "Homepage:", "Description:", "Depends:"] {
        assert!(fields.contains(field), "the package says no {field}:\n{fields}");
    }
    for needed in ["libwebkit2gtk-4.1-0", "libgtk-3-0"] {
        assert!(fields.contains(needed), "the package does not depend on {needed}:\n{fields}");
    }
    assert!(fields.contains("Recommends:") && fields.contains("gnome-keyring"), "{fields}");

    let _ = as_root(&["dpkg", "--remove", PACKAGE]);
    succeeded("dpkg --install", as_root(&["dpkg", "--install", deb]));
    let files: Vec<PathBuf> = succeeded("dpkg --listfiles", run("dpkg", &["--listfiles", PACKAGE]))
        .lines()
        .map(PathBuf::from)
        .filter(|p| p.is_file())
        .collect();
    let desktop = files
        .iter()
        .find(|p| p.starts_with("/usr/share/applications") && p.extension().is_some_and(|e| e == "desktop"))
        .expect("a desktop entry");
    let entry = std::fs::read_to_string(desktop).unwrap();
    assert!(entry_key(&entry, "MimeType").contains("x-scheme-handler/campaign-desk;"), "{entry}");
    assert!(entry_key(&entry, "Categories").contains("Office;"), "{entry}");
    assert!(entry.contains("Name[ru]=") && entry.contains("Comment[ru]="), "both languages:\n{entry}");
    let icon = entry_key(&entry, "Icon");
    for size in [16, 24, 32, 48, 64, 128, 256, 512] {
        let at = format!("/usr/share/icons/hicolor/{size}x{size}/apps/{icon}.png");
        assert!(files.iter().any(|f| f == Path::new(&at)), "no icon of {size} pixels ({at}) in {files:#?}");
    }

    // Started as the desktop starts it: the entry's command, found on the PATH.
    let exec = entry_key(&entry, "Exec");
    let command = exec.split_whitespace().next().unwrap();
    let installed = on_path(command);
    assert!(files.contains(&installed), "{} is the package's", installed.display());
    let mut app = App::launch_binary("package", &installed, data_dir_for("package"), &[], &[]).await;
    app.wait("[data-testid=open-demo]").await;
    app.open_demo().await;
    let lists = app.wait_count("[data-testid=open-list]", "the demo lists", |n| n >= 5).await;
    app.screenshot("installed-demo-lists").await;
    assert!(!lists.is_empty());
    let data = app.close().await;

    succeeded("dpkg --remove", as_root(&["dpkg", "--remove", PACKAGE]));
    let left: Vec<&PathBuf> = files.iter().filter(|f| f.exists()).collect();
    assert!(left.is_empty(), "left behind after removal: {left:#?}");
    assert!(!run("dpkg", &["--status", PACKAGE]).status.success(), "still installed");
    // The demo workspace the app made is the user's: removing the package keeps it.
    let demo = data.path().join("demo");
    assert!(std::fs::read_dir(&demo).is_ok_and(|mut d| d.next().is_some()), "{} is kept", demo.display());
}

#[test]
#[ignore = "reads the package scripts/package builds: scripts/test runs this after it"]
fn the_rpm_holds_the_app_its_entry_and_icons_and_needs_webkitgtk() {
    let rpm = built("rpm");
    let rpm = rpm.to_str().unwrap();
    let files = succeeded("rpm --query --list", run("rpm", &["--query", "--package", "--list", rpm]));
    for file in ["/usr/bin/campaign-desk", "/usr/share/icons/hicolor/512x512/apps/campaign-desk.png"] {
        assert!(files.lines().any(|l| l == file), "the .rpm holds no {file}:\n{files}");
    }
    assert!(files.lines().any(|l| l.starts_with("/usr/share/applications/") && l.ends_with(".desktop")), "{files}");
    let needs = succeeded("rpm --query --requires", run("rpm", &["--query", "--package", "--requires", rpm]));
    for needed in ["libwebkit2gtk-4.1.so.0", "libgtk-3.so.0"] {
        assert!(needs.contains(needed), "the .rpm does not need {needed}:\n{needs}");
    }
    let info = succeeded("rpm --query --info", run("rpm", &["--query", "--package", "--info", rpm]));
    for field in ["License     : MIT", "URL         :", "Summary     :"] {
        assert!(info.contains(field), "the .rpm says no {field}:\n{info}");
    }
}
