//! Areas stand on the shared floor, never on each other: no file of an area
//! (`src/<area>.rs`, `src/<area>/**`) names another area's module. What two
//! areas share moves down a floor (the letter, cleaned HTML, sent campaigns),
//! so an area can change, or a new one arrive, without touching the others.

use std::fs;
use std::path::{Path, PathBuf};

/// Every area of `desk`, as the registry names them: a module with commands
/// of its own that is no shared floor. A new area is covered by its line in
/// the registry.
fn areas() -> Vec<&'static str> {
    desk::registry::AREAS.iter().filter(|a| a.kind != desk::command::AreaKind::Floor).map(|a| a.name).collect()
}

/// The area a module belongs to: its own, or the one it is a part of.
fn area_of(name: &str) -> &str {
    match desk::registry::AREAS.iter().find(|a| a.name == name).map(|a| a.kind) {
        Some(desk::command::AreaKind::PartOf(whole)) => whole,
        _ => name,
    }
}

/// The module paths that reach the crate's root from a file: `crate::`,
/// and `super::super::` from a file one folder down (`src/<area>/x.rs`).
const ROOTS: &[&str] = &["crate::", "super::super::"];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The Rust files of an area: its module file and everything in its folder.
fn files_of(area: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let file = src().join(format!("{area}.rs"));
    if file.is_file() {
        files.push(file);
    }
    let mut folders = vec![src().join(area)];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The first name of each path a `{ ... }` group starts with, at its top level.
fn group_heads(group: &str) -> Vec<&str> {
    let mut heads = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                heads.push(&group[start..i]);
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                heads.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    heads.into_iter().map(|h| h.trim().split(|c: char| !is_word(c)).next().unwrap_or_default()).collect()
}

/// The areas a piece of source names through the crate's root, with what
/// names them (`crate::reports`, `crate::{lists, ..}`).
fn areas_named(source: &str, areas: &[&'static str]) -> Vec<(&'static str, String)> {
    let mut found = Vec::new();
    for root in ROOTS {
        for (at, _) in source.match_indices(root) {
            // `super::super::` inside a longer `super::super::super::` is not the root.
            if source[..at].ends_with(|c: char| is_word(c) || c == ':') {
                continue;
            }
            let rest = &source[at + root.len()..];
            let heads = match rest.strip_prefix('{') {
                Some(group) => group_heads(group),
                None => vec![rest.split(|c: char| !is_word(c)).next().unwrap_or_default()],
            };
            for head in heads {
                if let Some(area) = areas.iter().find(|a| **a == head) {
                    found.push((*area, format!("{root}{head}")));
                }
            }
        }
    }
    found
}

/// Every place an area names another: `file:line: what`.
fn crossings() -> Vec<String> {
    let (mut out, areas) = (Vec::new(), areas());
    for area in &areas {
        for file in files_of(area) {
            let source = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            for (number, line) in source.lines().enumerate() {
                for (named, how) in areas_named(line, &areas) {
                    if area_of(named) != area_of(area) {
                        let shown = file.strip_prefix(src().parent().unwrap_or(&src())).unwrap_or(&file).display();
                        out.push(format!("{shown}:{}: the {area} area names {how}: {}", number + 1, line.trim()));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn no_area_imports_another() {
    let crossings = crossings();
    assert!(
        crossings.is_empty(),
        "areas must stand on the shared floor (move what two areas share down a floor):\n{}",
        crossings.join("\n")
    );
}

#[test]
fn every_area_in_the_registry_is_a_module_of_its_name() {
    assert!(areas().len() >= 13, "the registry names {} areas", areas().len());
    for area in areas() {
        assert!(
            !files_of(area).is_empty(),
            "{area} is an area in the registry but src/{area}.rs and src/{area}/ are missing"
        );
    }
}

#[test]
fn the_scan_finds_each_way_of_naming_an_area() {
    let areas = ["campaigns", "lists", "reports", "inbox", "templates"];
    let named = |source: &str| areas_named(source, &areas).into_iter().map(|(area, _)| area).collect::<Vec<_>>();
    assert_eq!(named("use crate::campaigns::{self, CheckContext};"), ["campaigns"]);
    assert_eq!(named("use crate::{desk::Session, lists, reports::display_name};"), ["lists", "reports"]);
    assert_eq!(named("use crate::{error::{failed, Action}, inbox};"), ["inbox"]);
    assert_eq!(named("let x = super::super::templates::all(s);"), ["templates"]);
    assert_eq!(named("crate::listsx::y(); crate::desk::Session; crate::letter::check()"), Vec::<&str>::new());
    assert_eq!(named("super::super::super::lists"), Vec::<&str>::new(), "two folders down, that is not the root");
}
