//! The page's side of the command declarations (`desk::command`): one file
//! per Rust type under `ui/src/ipc/bindings/`; `ui/src/ipc/commands.ts` with
//! a typed function per command, and for a read its query key and query,
//! for a change its mutation hook; `ui/src/ipc/tags.ts` with what each reads
//! or changes, from which the hooks drop cached answers. Committed; the test
//! below fails when they disagree with the declarations.
//! `UPDATE_BINDINGS=1 cargo test -p campaign-desk bindings` rewrites them.

use desk::command::{Command, Kind, Tag};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use ts_rs::Config;

/// A command as the generated TypeScript needs it.
pub struct Signature {
    pub name: &'static str,
    pub kind: Kind,
    pub tags: &'static [Tag],
    pub args: Vec<(&'static str, String)>,
    pub returns: String,
}

impl Signature {
    fn of(command: &Command, cfg: &Config) -> Self {
        let typed = (command.signature)(cfg);
        Signature {
            name: command.name,
            kind: command.kind,
            tags: command.tags,
            args: typed.args,
            returns: typed.returns,
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

fn is_channel(ty: &str) -> bool {
    ty.starts_with("Channel<")
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
    let channels = signatures.iter().any(|s| s.args.iter().any(|(_, t)| is_channel(t)));
    let core = if channels { "Channel, invoke" } else { "invoke" };
    let mut out = format!(
        "// Generated from the command declarations in src-tauri/crates/desk (desk::registry); do not edit.\n\
         // UPDATE_BINDINGS=1 cargo test -p campaign-desk bindings rewrites it.\n\
         import {{ queryOptions }} from \"@tanstack/react-query\";\n\
         import {{ {core} }} from \"@tauri-apps/api/core\";\n\
         import {{ useChange, type ChangeOptions }} from \"./cache\";\n",
    );
    for name in &used {
        out.push_str(&format!("import type {{ {name} }} from \"./bindings/{name}\";\n"));
    }
    for s in signatures {
        out.push_str(&command_ts(s));
    }
    out
}

/// One command's function, and its query (a read) or mutation hook (a change).
fn command_ts(s: &Signature) -> String {
    let function = camel_case(s.name);
    let params: Vec<String> = s.args.iter().map(|(n, t)| format!("{}: {t}", camel_case(n))).collect();
    let names: Vec<String> = s.args.iter().map(|(n, _)| camel_case(n)).collect();
    let returns = if s.returns == "null" { "void".to_string() } else { s.returns.clone() };
    let payload = if s.args.is_empty() { String::new() } else { format!(", {{ {} }}", names.join(", ")) };
    let tags: Vec<String> = s.tags.iter().map(|t| format!("`{}`", t.name())).collect();
    let what = match (s.kind, tags.is_empty()) {
        (Kind::Read, false) => format!("Reads {}.", tags.join(", ")),
        (Kind::Read, true) => "Reads nothing a change drops.".to_string(),
        (Kind::Change, false) => format!("Changes {}.", tags.join(", ")),
        (Kind::Change, true) => "Changes nothing the page caches.".to_string(),
        (Kind::Patch, _) => format!("Changes {}; the page writes its answer into them in place.", tags.join(", ")),
    };
    let mut out = format!(
        "\n/** `{}`: {what} */\nexport function {function}({}): Promise<{returns}> {{\n  return invoke(\"{}\"{payload});\n}}\n",
        s.name,
        params.join(", "),
        s.name
    );
    match s.kind {
        Kind::Read => {
            // The key holds what the answer depends on: a channel is how the
            // answer comes, not what it is.
            let keyed: Vec<usize> = (0..s.args.len()).filter(|&i| !is_channel(&s.args[i].1)).collect();
            let key_params: Vec<String> = keyed.iter().map(|&i| params[i].clone()).collect();
            let key_names: Vec<String> = keyed.iter().map(|&i| names[i].clone()).collect();
            let key_items: Vec<String> =
                [format!("\"{}\"", s.name)].into_iter().chain(key_names.iter().cloned()).collect();
            out.push_str(&format!(
                "export const {function}Key = ({}) => [{}] as const;\n",
                key_params.join(", "),
                key_items.join(", ")
            ));
            if keyed.len() == s.args.len() {
                out.push_str(&format!(
                    "export const {function}Query = ({}) =>\n  queryOptions({{ queryKey: {function}Key({}), queryFn: () => {function}({}) }});\n",
                    params.join(", "),
                    names.join(", "),
                    names.join(", ")
                ));
            }
        }
        Kind::Change | Kind::Patch => {
            let hook = format!("use{}{}", function[..1].to_uppercase(), &function[1..]);
            let (variables, call) = if s.args.is_empty() {
                ("void".to_string(), format!("() => {function}()"))
            } else {
                let fields: Vec<String> = s.args.iter().map(|(n, t)| format!("{}: {t}", camel_case(n))).collect();
                let values: Vec<String> = names.iter().map(|n| format!("v.{n}")).collect();
                (format!("{{ {} }}", fields.join("; ")), format!("(v) => {function}({})", values.join(", ")))
            };
            out.push_str(&format!(
                "export const {hook} = (options?: ChangeOptions<{variables}, {returns}>) =>\n  useChange<{variables}, {returns}>(\"{}\", {call}, options);\n",
                s.name
            ));
        }
    }
    out
}

/// What each command reads or changes, for the hooks that drop cached answers.
fn tags_ts(signatures: &[Signature]) -> String {
    let mut out = String::from(
        "// Generated from the command declarations in src-tauri/crates/desk (desk::registry); do not edit.\n\
         // UPDATE_BINDINGS=1 cargo test -p campaign-desk bindings rewrites it.\n\n\
         /** What a read command's answer is cached under, and what a change drops. */\n\
         export const COMMAND_TAGS = {\n",
    );
    for s in signatures {
        let kind = match s.kind {
            Kind::Read => "read",
            Kind::Change => "change",
            Kind::Patch => "patch",
        };
        let tags: Vec<String> = s.tags.iter().map(|t| format!("\"{}\"", t.name())).collect();
        out.push_str(&format!("  {}: {{ kind: \"{kind}\", tags: [{}] }},\n", s.name, tags.join(", ")));
    }
    out.push_str(&format!(
        "}} as const;\n\nexport type CommandName = keyof typeof COMMAND_TAGS;\n\n\
         /** The tag every cached answer reads: a change naming it drops them all. */\n\
         export const WORKSPACE = \"{}\";\n",
        Tag::Workspace.name()
    ));
    out
}

const ACTION_DOC: &str = "What the user was doing when something failed: the page says \"Could not …\" with it.";
const FIELD_DOC: &str = "A field of a form, named when its value is refused.";

/// The union of the codes every area declares (`desk::codes!`), replacing
/// the placeholder the type's own declaration writes.
fn codes_ts(name: &str, doc: &str, codes: &[String]) -> String {
    let union: Vec<String> = codes.iter().map(|code| format!("\"{code}\"")).collect();
    format!(
        "// Generated from the codes each area declares (desk::registry); do not edit.\n\n/** {doc} */\nexport type {name} = {};\n",
        union.join(" | ")
    )
}

/// Writes `bindings/` and `commands.ts` under `dir`.
fn generate(dir: &Path) {
    let types_dir = dir.join("bindings");
    let _ = std::fs::remove_dir_all(&types_dir);
    std::fs::create_dir_all(&types_dir).unwrap();
    let cfg = Config::new().with_large_int("number").with_out_dir(&types_dir);
    desk::command::export_type::<desk::DeskError>(&cfg).expect("types export");
    for export in desk::registry::AREAS.iter().filter_map(|area| area.failures.export) {
        export(&cfg).expect("types export");
    }
    for command in desk::registry::commands() {
        (command.export)(&cfg).expect("types export");
    }
    let declared: BTreeSet<String> =
        files(&types_dir).iter().filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned())).collect();
    let actions: Vec<String> = desk::registry::actions().map(|a| a.code()).collect();
    let fields: Vec<String> = desk::registry::fields().map(|f| f.code()).collect();
    std::fs::write(types_dir.join("Action.ts"), codes_ts("Action", ACTION_DOC, &actions)).unwrap();
    std::fs::write(types_dir.join("FormField.ts"), codes_ts("FormField", FIELD_DOC, &fields)).unwrap();
    let signatures: Vec<Signature> = desk::registry::commands().map(|c| Signature::of(c, &cfg)).collect();
    std::fs::write(dir.join("commands.ts"), commands_ts(&signatures, &declared)).unwrap();
    std::fs::write(dir.join("tags.ts"), tags_ts(&signatures)).unwrap();
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
        .chain([dir.join("commands.ts"), dir.join("tags.ts")])
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
fn a_read_gets_a_key_and_a_query_and_a_change_a_hook_naming_it() {
    assert_eq!(camel_case("list_members"), "listMembers");
    let read = Signature {
        name: "get_list",
        kind: Kind::Read,
        tags: &[Tag::Lists],
        args: vec![("list_id", "number".into())],
        returns: "ListDetail".into(),
    };
    let change = Signature {
        name: "rename_list",
        kind: Kind::Change,
        tags: &[Tag::Lists],
        args: vec![("list_id", "number".into()), ("input", "Rename".into())],
        returns: "null".into(),
    };
    let text = commands_ts(&[read, change], &BTreeSet::from(["Rename".to_string(), "ListDetail".to_string()]));
    assert!(text.contains("import type { Rename } from \"./bindings/Rename\";"));
    assert!(text.contains("export const getListKey = (listId: number) => [\"get_list\", listId] as const;"));
    assert!(text.contains("queryOptions({ queryKey: getListKey(listId), queryFn: () => getList(listId) })"));
    assert!(text.contains(
        "export function renameList(listId: number, input: Rename): Promise<void> {\n  return invoke(\"rename_list\", { listId, input });"
    ));
    assert!(text.contains(
        "useChange<{ listId: number; input: Rename }, void>(\"rename_list\", (v) => renameList(v.listId, v.input), options);"
    ));
}

#[test]
fn the_codes_are_the_union_of_every_area_s() {
    let text = codes_ts("Action", ACTION_DOC, &["loadLists".into(), "openAccount".into()]);
    assert!(text.contains("export type Action = \"loadLists\" | \"openAccount\";"), "{text}");
}

#[test]
fn the_tags_file_says_what_each_command_reads_or_changes() {
    let signatures: Vec<Signature> = desk::registry::commands().map(|c| Signature::of(c, &Config::new())).collect();
    let text = tags_ts(&signatures);
    assert!(text.contains("  list_lists: { kind: \"read\", tags: [\"lists\"] },"), "{text}");
    assert!(text.contains("  rename_list: { kind: \"change\", tags: [\"lists\"] },"), "{text}");
}
