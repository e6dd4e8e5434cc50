//! The TypeScript side of the command table: one file per Rust type under
//! `ui/src/ipc/bindings/`, and `ui/src/ipc/commands.ts` with one typed
//! function per command. Committed; the test below fails when they are
//! stale. `UPDATE_BINDINGS=1 cargo test -p campaign-desk bindings` rewrites
//! them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use ts_rs::{Config, ExportError, TypeVisitor, TS};

pub struct Signature {
    pub name: &'static str,
    pub args: Vec<(&'static str, String)>,
    pub returns: String,
}

/// Exports a type and everything it names; containers such as `Vec<T>` are
/// not declared themselves, only what they hold.
pub fn export<T: TS + 'static + ?Sized>(cfg: &Config) -> Result<(), ExportError> {
    if T::output_path().is_some() {
        return T::export_all(cfg);
    }
    let mut exporter = Exporter { cfg, result: Ok(()) };
    T::visit_dependencies(&mut exporter);
    T::visit_generics(&mut exporter);
    exporter.result
}

struct Exporter<'a> {
    cfg: &'a Config,
    result: Result<(), ExportError>,
}

impl TypeVisitor for Exporter<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if self.result.is_ok() {
            self.result = export::<T>(self.cfg);
        }
    }
}

fn camel_case(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn commands_ts(signatures: &[Signature], declared: &BTreeSet<String>) -> String {
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric() && c != '_').map(str::to_string).collect()
    };
    let used: BTreeSet<&String> = signatures
        .iter()
        .flat_map(|s| s.args.iter().map(|(_, t)| t.clone()).chain([s.returns.clone()]))
        .flat_map(|t| words(&t))
        .filter_map(|w| declared.get(&w))
        .collect();
    let channels = signatures.iter().any(|s| s.args.iter().any(|(_, t)| t.starts_with("Channel<")));
    let core = if channels { "Channel, invoke" } else { "invoke" };
    let mut out = format!(
        "// Generated from the command table in src-tauri/src/commands/mod.rs; do not edit.\n\
         // UPDATE_BINDINGS=1 cargo test -p campaign-desk bindings rewrites it.\n\
         import {{ {core} }} from \"@tauri-apps/api/core\";\n",
    );
    for name in &used {
        out.push_str(&format!("import type {{ {name} }} from \"./bindings/{name}\";\n"));
    }
    for s in signatures {
        let params: Vec<String> = s.args.iter().map(|(n, t)| format!("{}: {t}", camel_case(n))).collect();
        let returns = if s.returns == "null" { "void".to_string() } else { s.returns.clone() };
        let payload = if s.args.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = s.args.iter().map(|(n, _)| camel_case(n)).collect();
            format!(", {{ {} }}", names.join(", "))
        };
        out.push_str(&format!(
            "\nexport function {}({}): Promise<{returns}> {{\n  return invoke(\"{}\"{payload});\n}}\n",
            camel_case(s.name),
            params.join(", "),
            s.name
        ));
    }
    out
}

/// Writes `bindings/` and `commands.ts` under `dir`.
fn generate(dir: &Path) {
    let types_dir = dir.join("bindings");
    let _ = std::fs::remove_dir_all(&types_dir);
    std::fs::create_dir_all(&types_dir).unwrap();
    let cfg = Config::new().with_large_int("number").with_out_dir(&types_dir);
    crate::commands::export_types(&cfg).expect("types export");
    let declared: BTreeSet<String> =
        files(&types_dir).iter().filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned())).collect();
    let text = commands_ts(&crate::commands::signatures(&cfg), &declared);
    std::fs::write(dir.join("commands.ts"), text).unwrap();
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.sort();
    out
}

fn snapshot(dir: &Path) -> Vec<(String, String)> {
    files(&dir.join("bindings"))
        .into_iter()
        .chain([dir.join("commands.ts")])
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap_or_default())
        })
        .collect()
}

#[test]
fn bindings_are_fresh() {
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/src/ipc");
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        generate(&committed);
    }
    let fresh = tempfile::Builder::new().prefix("desk-bindings-").tempdir().unwrap();
    generate(fresh.path());
    let (want, have) = (snapshot(fresh.path()), snapshot(&committed));
    assert!(
        want == have,
        "ui/src/ipc is stale: run `UPDATE_BINDINGS=1 cargo test -p campaign-desk bindings` and commit the result"
    );
}

#[test]
fn command_names_become_camel_case_functions() {
    assert_eq!(camel_case("list_members"), "listMembers");
    let sig = Signature { name: "rename_list", args: vec![("input", "Rename".into())], returns: "null".into() };
    let text = commands_ts(&[sig], &BTreeSet::from(["Rename".to_string()]));
    assert!(text.contains("import type { Rename } from \"./bindings/Rename\";"));
    assert!(text.contains(
        "export function renameList(input: Rename): Promise<void> {\n  return invoke(\"rename_list\", { input });"
    ));
}
