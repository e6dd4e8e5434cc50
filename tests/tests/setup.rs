//! What `scripts/setup` asks of a fresh machine before it builds anything:
//! a Node.js the UI's build tools run on. Debian 12's and Ubuntu's own
//! Node 18 install the UI's packages and then fail inside Vite with an error
//! that names neither, so the setup refuses them first, by the range the UI
//! declares (`ui/package.json`, `engines.node`).

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn node_fits(version: &str) -> (bool, String) {
    let out = Command::new(root().join("scripts/node-fits")).arg(version).output().expect("scripts/node-fits runs");
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn engines_of(package_json: PathBuf) -> String {
    let text = std::fs::read_to_string(&package_json).unwrap_or_else(|e| panic!("{}: {e}", package_json.display()));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["engines"]["node"]
        .as_str()
        .unwrap_or_else(|| panic!("{}: no engines.node", package_json.display()))
        .to_string()
}

#[test]
fn the_setup_refuses_a_node_older_than_the_ui_s_build_tools_and_says_what_to_install() {
    for old in ["v18.19.0", "18.4.0", "20.18.1", "21.7.3", "22.11.0"] {
        let (fits, said) = node_fits(old);
        assert!(!fits, "{old} was let through");
        assert!(said.contains(old.trim_start_matches('v')) && said.contains("^20.19.0 || >=22.12.0"), "{old}: {said}");
        assert!(said.contains("Install Node.js 22"), "{old}: {said}");
    }
    for new in ["v20.19.0", "20.20.2", "22.12.0", "24.1.0"] {
        let (fits, said) = node_fits(new);
        assert!(fits, "{new} was refused: {said}");
    }
    // The Node.js running the tests built the UI, so it fits.
    let out = Command::new(root().join("scripts/node-fits")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn the_ui_asks_for_the_node_its_build_tools_ask_for() {
    let ui = engines_of(root().join("ui/package.json"));
    for tool in ["vite", "rolldown", "@vitejs/plugin-react"] {
        let theirs = engines_of(root().join("ui/node_modules").join(tool).join("package.json"));
        assert_eq!(ui, theirs, "{tool} asks for Node.js {theirs}; ui/package.json says {ui}");
    }
}

#[test]
fn the_setup_installs_the_first_package_name_the_distribution_knows() {
    let setup = std::fs::read_to_string(root().join("scripts/setup")).unwrap();
    // Ubuntu 22.04 has no `dbus-bin`: its tools are in `dbus`.
    assert!(setup.contains("\"dbus-bin|dbus\""), "the D-Bus tools are not named with their alternative");
    let known = |name: &str| {
        let script = format!(
            "{}\nknown {name}",
            setup
                .lines()
                .filter(|l| l.starts_with("installed()") || l.starts_with("known()"))
                .collect::<Vec<_>>()
                .join("\n")
        );
        Command::new("bash").arg("-c").arg(script).status().unwrap().success()
    };
    assert!(known("dbus-x11"));
    assert!(!known("no-such-package-anywhere"));
}
