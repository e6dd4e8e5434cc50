//! No two files of a crate import each other, through any number of others:
//! each file stands on files below it, so it can be read, changed and tested
//! with only what is under it. A circle is two floors holding each other up,
//! usually one room split in two to get under a size and still one room.
//!
//! Read from the source as text, the way the compiler resolves it for what
//! the app writes: `use` trees and paths from `crate::`, `super::` and
//! `self::` and from a child module by name, followed through a module's
//! `pub use` to the file that defines the name; a macro to the file that
//! defines it. A file's test module is left out: tests stand above the house.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every crate of the app, by the folder of its `Cargo.toml`: `src-tauri`
/// and each folder of `src-tauri/crates` (a crate added there is read
/// without being named here).
fn crates() -> Vec<PathBuf> {
    let root = src_tauri().canonicalize().expect("src-tauri");
    let mut found: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .expect("src-tauri/crates")
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|dir| dir.join("Cargo.toml").is_file())
        .collect();
    found.sort();
    found.insert(0, root);
    found
}

fn src_tauri() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A crate read as modules: each module's path (`["reports", "tally"]`) and file.
struct Crate {
    modules: BTreeMap<Vec<String>, PathBuf>,
    files: BTreeMap<PathBuf, Vec<String>>,
    texts: BTreeMap<PathBuf, String>,
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The source as the house is read: without comments, string contents and
/// the test module at its end.
fn code_of(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                out.push('"');
                let mut escaped = false;
                for c in chars.by_ref() {
                    if c == '"' && !escaped {
                        break;
                    }
                    escaped = c == '\\' && !escaped;
                }
                out.push('"');
            }
            // A character literal, not a lifetime: 'x' or '\n'.
            '\'' if matches!(chars.clone().nth(1), Some('\'')) || chars.peek() == Some(&'\\') => {
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                }
            }
            c => out.push(c),
        }
    }
    without_visibility_paths(&without_test_modules(&out))
}

/// `pub(in crate::ops)` as `pub(crate)`: a visibility names a module, it leans on nothing.
fn without_visibility_paths(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("pub(in ") {
        out.push_str(&rest[..at]);
        out.push_str("pub(crate)");
        rest = rest[at..].find(')').map_or("", |end| &rest[at + end + 1..]);
    }
    out.push_str(rest);
    out
}

/// The code without its `#[cfg(test)]` modules (`#[cfg(all(test, unix))]` too).
fn without_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(") {
        let attribute_end = rest[at..].find(']').map_or(rest.len(), |e| at + e + 1);
        let attribute = &rest[at..attribute_end];
        let after = rest[attribute_end..].trim_start();
        // `mod`, `pub mod`, `pub(super) mod`.
        let unlisted = after.strip_prefix("pub").map_or(after, |rest| {
            rest.strip_prefix('(')
                .and_then(|inner| inner.find(')').map(|end| &inner[end + 1..]))
                .unwrap_or(rest)
                .trim_start()
        });
        let is_module = unlisted.starts_with("mod ");
        let brace = after.find('{').filter(|&b| after.find(';').is_none_or(|semi| b < semi));
        if attribute.contains("test") && is_module && brace.is_none() {
            // `#[cfg(test)] mod tests;`: its file is a test's, not read.
            out.push_str(&rest[..at]);
            rest = after.find(';').map_or("", |semi| &after[semi + 1..]);
            continue;
        }
        match brace.filter(|_| attribute.contains("test") && is_module) {
            Some(open) => {
                out.push_str(&rest[..at]);
                let body = &after[open..];
                let mut depth = 0;
                let mut end = body.len();
                for (i, c) in body.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = i + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                rest = &body[end..];
            }
            None => {
                out.push_str(&rest[..attribute_end]);
                rest = &rest[attribute_end..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `mod name;` declarations (no inline body) at a file's top level.
fn declared_modules(code: &str) -> Vec<String> {
    code.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line.strip_prefix("pub ").or_else(|| line.strip_prefix("pub(crate) ")).unwrap_or(line);
            let name = rest.strip_prefix("mod ")?.strip_suffix(';')?;
            name.chars().all(is_word).then(|| name.to_string())
        })
        .collect()
}

fn read_crate(root: &Path) -> Crate {
    let main = ["src/lib.rs", "src/main.rs"].iter().map(|f| root.join(f)).find(|f| f.is_file()).expect("a crate root");
    let mut krate = Crate { modules: BTreeMap::new(), files: BTreeMap::new(), texts: BTreeMap::new() };
    let mut queue = vec![(Vec::<String>::new(), main)];
    while let Some((module, file)) = queue.pop() {
        let code = code_of(&file);
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let folder = if matches!(name, "lib.rs" | "main.rs" | "mod.rs") {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        for child in declared_modules(&code) {
            let as_file = folder.join(format!("{child}.rs"));
            let as_folder = folder.join(&child).join("mod.rs");
            let Some(child_file) = [as_file, as_folder].into_iter().find(|f| f.is_file()) else { continue };
            let mut path = module.clone();
            path.push(child);
            queue.push((path, child_file));
        }
        krate.files.insert(file.clone(), module.clone());
        krate.modules.insert(module, file.clone());
        krate.texts.insert(file, code);
    }
    krate
}

/// A `use` tree expanded into whole paths: `a::{b, c::{d, e as f}}` is
/// `a::b`, `a::c::d` and `a::c::e` (named `f` here).
fn expand(tree: &str) -> Vec<(String, String)> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let (path, alias) = match tree.split_once(" as ") {
            Some((path, alias)) => (path.trim(), alias.trim()),
            None => (tree, tree.rsplit("::").next().unwrap_or_default()),
        };
        let path: String = path.chars().filter(|c| !c.is_whitespace()).collect();
        return vec![(path, alias.to_string())];
    };
    let prefix: String = tree[..open].chars().filter(|c| !c.is_whitespace()).collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(p).into_iter().map(|(path, alias)| (format!("{prefix}{path}"), alias)))
        .collect()
}

/// A `use` of a file: the path, the name it gives, and whether it hands the
/// name on (`pub use`, `pub(crate) use`).
struct Use {
    path: String,
    name: String,
    handed_on: bool,
}

fn uses_in(code: &str) -> Vec<Use> {
    let mut found = Vec::new();
    let mut rest = code;
    let mut consumed = 0;
    while let Some(at) = rest.find("use ") {
        let before = &code[..consumed + at];
        let after = &rest[at + 4..];
        if before.chars().next_back().is_none_or(|c| !is_word(c)) {
            let handed_on = before.trim_end().ends_with("pub") || before.trim_end().ends_with(')');
            if let Some(end) = after.find(';') {
                for (path, name) in expand(&after[..end]) {
                    found.push(Use { path, name, handed_on });
                }
            }
        }
        consumed += at + 4;
        rest = after;
    }
    found
}

/// The code with its `use` declarations left out (they are read whole by [`uses_in`]).
fn without_uses(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let starts_word = rest[..at].chars().next_back().is_none_or(|c| !is_word(c));
        let end = rest[at..].find(';').map(|e| at + e + 1);
        match (starts_word, end) {
            (true, Some(end)) => {
                out.push_str(&rest[..at]);
                rest = &rest[end..];
            }
            _ => {
                out.push_str(&rest[..at + 4]);
                rest = &rest[at + 4..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Paths in expressions and types (`x::y::z`), and whether each names a macro (`x::m!`).
fn paths_in(code: &str) -> Vec<(String, bool)> {
    let mut found = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if is_word(chars[i]) && (i == 0 || !(is_word(chars[i - 1]) || chars[i - 1] == ':')) {
            let start = i;
            while i < chars.len() && (is_word(chars[i]) || (chars[i] == ':' && chars.get(i + 1) == Some(&':'))) {
                i += if chars[i] == ':' { 2 } else { 1 };
            }
            let path: String = chars[start..i].iter().collect();
            if path.contains("::") {
                found.push((path.trim_end_matches(':').to_string(), chars.get(i) == Some(&'!')));
            }
        } else {
            i += 1;
        }
    }
    found
}

impl Crate {
    fn children_of<'a>(&'a self, module: &'a [String]) -> impl Iterator<Item = &'a String> + 'a {
        self.modules
            .keys()
            .filter(move |m| m.len() == module.len() + 1 && m.starts_with(module))
            .map(|m| &m[module.len()])
    }

    /// Where a path starts: the module its first segments name, and the rest.
    fn start<'p>(&self, from: &[String], segments: &'p [&'p str]) -> Option<(Vec<String>, &'p [&'p str])> {
        match segments.first()? {
            &"crate" => Some((Vec::new(), &segments[1..])),
            &"self" => Some((from.to_vec(), &segments[1..])),
            &"super" => {
                let mut module = from.to_vec();
                let mut rest = segments;
                while rest.first() == Some(&"super") {
                    module.pop()?;
                    rest = &rest[1..];
                }
                Some((module, rest))
            }
            first if self.children_of(from).any(|c| c == first) => Some((from.to_vec(), segments)),
            _ => None,
        }
    }

    /// The module `path` names whole (`crate::ops`, `super::zipped`), as `crate::…`.
    fn module_at(&self, from: &[String], path: &str) -> Option<String> {
        let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let (mut module, rest) = self.start(from, &segments)?;
        for next in rest {
            module.push(next.to_string());
            if !self.modules.contains_key(&module) {
                return None;
            }
        }
        Some(std::iter::once("crate".to_string()).chain(module).collect::<Vec<_>>().join("::"))
    }

    /// The file that defines what `path` names from `module`, if it is in this crate.
    fn resolve(&self, from: &[String], path: &str, is_macro: bool, depth: usize) -> Option<PathBuf> {
        let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let (mut module, mut rest) = self.start(from, &segments)?;
        if is_macro {
            let name = rest.last()?;
            return self
                .texts
                .iter()
                .find(|(_, code)| code.contains(&format!("macro_rules! {name} ")))
                .map(|(f, _)| f.clone());
        }
        while let Some(next) = rest.first() {
            let mut deeper = module.clone();
            deeper.push(next.to_string());
            if !self.modules.contains_key(&deeper) {
                break;
            }
            module = deeper;
            rest = &rest[1..];
        }
        let file = self.modules.get(&module)?.clone();
        // A name the module hands on from another: follow it to where it is made.
        if let (Some(name), true) = (rest.first(), depth < 8) {
            let handed = uses_in(&self.texts[&file]).into_iter().find(|u| u.handed_on && u.name == *name);
            if let Some(found) = handed.and_then(|u| self.resolve(&module, &u.path, false, depth + 1)) {
                return Some(found);
            }
        }
        Some(file)
    }

    /// Each file's imports of other files of the crate, with the paths that make them.
    fn arrows(&self) -> BTreeMap<PathBuf, BTreeMap<PathBuf, BTreeSet<String>>> {
        let mut arrows: BTreeMap<PathBuf, BTreeMap<PathBuf, BTreeSet<String>>> = BTreeMap::new();
        for (file, module) in &self.files {
            let entry = arrows.entry(file.clone()).or_default();
            let code = &self.texts[file];
            // A module brought in by name (`use crate::ops;`, `super::zipped::{self, ..}`)
            // is leaned on through what is named in it: `ops::find`.
            let mut aliases = BTreeMap::new();
            let mut paths = Vec::new();
            for used in uses_in(code).into_iter().filter(|u| !u.handed_on) {
                let (path, name) = match used.path.strip_suffix("::self") {
                    Some(module) => (module.to_string(), module.rsplit("::").next().unwrap_or_default().to_string()),
                    None => (used.path.clone(), used.name.clone()),
                };
                match self.module_at(module, &path) {
                    Some(whole) => {
                        aliases.insert(name, whole);
                    }
                    None => paths.push((path, false)),
                }
            }
            for (path, is_macro) in paths_in(&without_uses(code)) {
                let first = path.split("::").next().unwrap_or_default();
                match aliases.get(first) {
                    Some(whole) => paths.push((format!("{whole}{}", &path[first.len()..]), is_macro)),
                    None => paths.push((path, is_macro)),
                }
            }
            for (path, is_macro) in paths {
                if matches!(path.as_str(), "crate" | "super" | "self") {
                    continue;
                }
                if let Some(target) = self.resolve(module, &path, is_macro, 0) {
                    if &target != file {
                        entry.entry(target).or_default().insert(path);
                    }
                }
            }
        }
        arrows
    }
}

/// Groups of files that reach each other (Tarjan's strongly connected
/// components), those of more than one file.
fn circles(arrows: &BTreeMap<PathBuf, BTreeMap<PathBuf, BTreeSet<String>>>) -> Vec<Vec<PathBuf>> {
    struct Walk<'a> {
        arrows: &'a BTreeMap<PathBuf, BTreeMap<PathBuf, BTreeSet<String>>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        on_stack: BTreeSet<&'a PathBuf>,
        found: Vec<Vec<PathBuf>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, file: &'a PathBuf) {
            let n = self.index.len();
            self.index.insert(file, n);
            self.low.insert(file, n);
            self.stack.push(file);
            self.on_stack.insert(file);
            for next in self.arrows.get(file).into_iter().flat_map(|a| a.keys()) {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[file].min(self.low[next]);
                    self.low.insert(file, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[file].min(self.index[next]);
                    self.low.insert(file, low);
                }
            }
            if self.low[file] == self.index[file] {
                let mut group = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    group.push(top.clone());
                    if top == file {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        arrows,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for file in arrows.keys() {
        if !walk.index.contains_key(file) {
            walk.visit(file);
        }
    }
    walk.found
}

/// Every circle of every crate, said file by file with what ties it.
fn every_circle() -> Vec<String> {
    let root = src_tauri().canonicalize().expect("src-tauri");
    let mut said = Vec::new();
    for folder in crates() {
        let krate = read_crate(&folder);
        let arrows = krate.arrows();
        for circle in circles(&arrows) {
            let shown = |f: &PathBuf| f.strip_prefix(&root).unwrap_or(f).display().to_string();
            let mut lines = vec![format!("a circle of {} files:", circle.len())];
            for from in &circle {
                for (to, paths) in &arrows[from] {
                    if circle.contains(to) {
                        let names: Vec<&str> = paths.iter().map(String::as_str).collect();
                        lines.push(format!("  {} -> {}: {}", shown(from), shown(to), names.join(", ")));
                    }
                }
            }
            said.push(lines.join("\n"));
        }
    }
    said
}

#[test]
fn every_crate_is_read() {
    let names: Vec<String> = crates().iter().filter_map(|c| Some(c.file_name()?.to_str()?.to_string())).collect();
    for name in ["src-tauri", "api", "desk", "sandbox", "charts", "printable", "classifier"] {
        assert!(names.iter().any(|n| n == name), "{name} is not read: {names:?}");
    }
}

#[test]
fn no_file_of_the_app_imports_a_file_that_imports_it_back() {
    let circles = every_circle();
    assert!(circles.is_empty(), "{} import circles:\n{}", circles.len(), circles.join("\n"));
}

#[test]
fn a_circle_is_seen_through_use_trees_paths_and_names_handed_on() {
    let folder = tempfile::tempdir().unwrap();
    let src = folder.path().join("src");
    fs::create_dir_all(src.join("area")).unwrap();
    let write = |name: &str, text: &str| fs::write(src.join(name), text).unwrap();
    write("lib.rs", "mod area;\nmod floor;\nmod apart;\n");
    write("area/mod.rs", "mod inner;\npub use inner::Made;\n");
    write("area/inner.rs", "use crate::floor::{Low, other::Thing};\npub struct Made;\n");
    write(
        "floor.rs",
        "pub struct Low;\npub mod other { pub struct Thing; }\npub fn f() -> crate::area::Made { todo!() }\n",
    );
    write("apart.rs", "// crate::area::Made in a comment is no import\nconst S: &str = \"crate::floor::Low\";\n");
    let krate = read_crate(folder.path());
    let arrows = krate.arrows();
    let found = circles(&arrows);
    assert_eq!(found, vec![vec![src.join("area/inner.rs"), src.join("floor.rs")]], "{arrows:#?}");
    assert!(arrows[&src.join("apart.rs")].is_empty(), "comments and strings import nothing: {arrows:#?}");
    // Without the arrow back, no circle: a test module, a visibility and a
    // module brought in by name that is not leaned on are no arrows.
    write(
        "floor.rs",
        "pub struct Low;\npub mod other { pub struct Thing; }\npub(in crate::area) fn g() {}\n\
         #[cfg(test)]\npub(super) mod tests {\n    use crate::area::Made;\n}\n",
    );
    write("apart.rs", "use crate::floor;\nfn low() -> floor::Low { floor::Low }\n");
    let arrows = read_crate(folder.path()).arrows();
    assert!(circles(&arrows).is_empty(), "{arrows:#?}");
    assert!(arrows[&src.join("floor.rs")].is_empty(), "{arrows:#?}");
    assert_eq!(arrows[&src.join("apart.rs")].keys().collect::<Vec<_>>(), [&src.join("floor.rs")], "through the name");
}
