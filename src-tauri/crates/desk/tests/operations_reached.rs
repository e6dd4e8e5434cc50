//! Every operation of the service's contract is reached by the app: each
//! operation the contract lists (its endpoint tables, the endpoints it
//! names in prose, the legacy dialogs) is performed by a function of the
//! `api` crate, and the app's own code (`desk`, outside its tests) calls
//! that function. Where the contract itself is beside the project
//! (`../shared/spec/service-api.md`), the list below is first checked
//! against it, so an operation the contract gains cannot be missed.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Each operation, as the contract names it, and the `api` items that
/// perform it (`module::item`): one of each `|`-separated group must be
/// called by the app; several groups must all be.
const OPERATIONS: &[(&str, &str)] = &[
    ("GET /lists", "lists::list"),
    ("POST /lists", "lists::create"),
    ("GET /lists/{list_id}", "lists::get"),
    ("PUT /lists/{list_id}", "lists::update"),
    ("DELETE /lists/{list_id}", "lists::delete"),
    ("GET /lists/{list_id}/members", "members::list"),
    ("POST /lists/{list_id}/members", "members::add"),
    ("POST /lists/{list_id}/members/batch", "members::add_batch"),
    ("POST /lists/{list_id}/members/import", "imports::start"),
    ("GET /lists/{list_id}/members/import", "imports::result"),
    ("GET /lists/{list_id}/members/{email}", "members::get"),
    ("PUT /lists/{list_id}/members/{email}", "members::update"),
    ("DELETE /lists/{list_id}/members/{email}", "members::delete"),
    ("POST /lists/{list_id}/members/{email}/unsubscribe", "members::unsubscribe"),
    ("POST /lists/{list_id}/members/{email}/move", "members::move_to"),
    ("POST /lists/{list_id}/members/{email}/copy", "members::copy_to"),
    ("GET /lists/{list_id}/members/{email}/activity", "members::activity"),
    ("POST /lists/{list_id}/clean", "imports::clean"),
    ("GET /lists/{list_id}/unsubscribed", "lists::unsubscribed"),
    ("GET /lists/{list_id}/complaints", "lists::complaints"),
    ("GET /lists/{list_id}/import-history", "imports::history"),
    ("GET /lists/{list_id}/last-status", "imports::last_status"),
    ("POST /lists/{list_id}/fields", "fields::add"),
    ("PUT /lists/{list_id}/fields/{merge_id}", "fields::update"),
    ("DELETE /lists/{list_id}/fields/{merge_id}", "fields::delete"),
    ("GET /campaigns", "campaigns::list"),
    ("GET /campaigns/{campaign_id}", "campaigns::get"),
    ("POST /campaigns", "campaigns::create"),
    ("PUT /campaigns/{campaign_id}", "campaigns::update"),
    ("DELETE /campaigns/{campaign_id}", "campaigns::delete"),
    ("POST /campaigns/{campaign_id}/copy", "campaigns::copy"),
    ("POST /campaigns/{campaign_id}/pause", "campaigns::pause"),
    ("POST /campaigns/{campaign_id}/resume", "campaigns::resume"),
    ("POST /campaigns/{campaign_id}/resend", "campaigns::resend_unopened"),
    ("POST /campaigns/{campaign_id}/attachments", "campaigns::attach"),
    ("GET /campaigns/{campaign_id}/attachments", "campaigns::attachments"),
    ("DELETE /campaigns/{campaign_id}/attachments/{id}", "campaigns::delete_attachment"),
    ("GET /campaigns/folders", "campaigns::folders"),
    ("POST /campaigns/{campaign_id}/move", "campaigns::move_to_folder"),
    ("GET /automations", "automations::list"),
    ("POST /automations", "automations::create"),
    ("PUT /automations/{campaign_id}", "automations::update"),
    ("DELETE /automations/{campaign_id}", "automations::delete"),
    ("POST /automations/{campaign_id}/trigger", "automations::trigger"),
    ("POST /automations/{campaign_id}/copy", "automations::copy"),
    ("GET /workflows", "workflows::list"),
    ("DELETE /workflows/{workflow_id}", "workflows::delete"),
    ("POST /workflows/{workflow_id}/copy", "workflows::copy"),
    ("GET /templates", "templates::html_templates"),
    ("GET /templates/{id}", "templates::html_template"),
    ("PUT /templates/{id}", "templates::update_html_template"),
    ("GET /templates/saved", "templates::saved"),
    ("POST /templates", "templates::save_layout|templates::save_campaign"),
    ("DELETE /templates/{id}", "templates::delete"),
    ("GET /reports/{campaign_id}/summary", "reports::summary"),
    ("GET /reports/{campaign_id}/sent", "reports::rows reports::RowMetric::Sent"),
    ("GET /reports/{campaign_id}/delivered", "reports::rows reports::RowMetric::Delivered"),
    ("GET /reports/{campaign_id}/opened", "reports::rows reports::RowMetric::Opened"),
    ("GET /reports/{campaign_id}/clicked", "reports::rows reports::RowMetric::Clicked"),
    ("GET /reports/{campaign_id}/bounced", "reports::rows reports::RowMetric::Bounced"),
    ("GET /reports/{campaign_id}/complained", "reports::rows reports::RowMetric::Complained"),
    ("GET /reports/{campaign_id}/unsubscribed", "reports::rows reports::RowMetric::Unsubscribed"),
    ("GET /reports/{campaign_id}/events", "reports::events"),
    ("GET /reports/{campaign_id}/clickstat", "reports::clicks_per_link"),
    ("GET /reports/{campaign_id}/userclicks", "reports::who_clicked"),
    ("GET /reports/{campaign_id}/bouncestat", "reports::bounces_per_code"),
    ("GET /reports/{campaign_id}/domains", "reports::per_domain"),
    ("GET /reports/{campaign_id}/geo", "reports::opens_per_place"),
    ("GET /reports/{campaign_id}/clients", "reports::opens_per_client"),
    ("GET /reports/{campaign_id}/codes", "reports::confirmation_codes"),
    ("transactional: sending", "transactional::send"),
    ("GET /transactional/log", "transactional::log"),
    ("GET /transactional/stats", "transactional::stats"),
    ("GET /account/balance", "account::balance"),
    ("GET /account/senders", "account::senders"),
    ("POST /account/senders/confirm", "account::request_sender_code account::confirm_sender"),
    ("GET /account/domains", "account::domains"),
    ("POST /account/domains", "account::add_domain"),
    ("GET /account/domains/check", "account::check_domains"),
    ("DELETE /account/domains/{domain}", "account::delete_domain"),
    ("GET /account/webhooks", "account::webhooks"),
    ("POST /account/webhooks", "account::set_webhook"),
    ("DELETE /account/webhooks/{event_name}", "account::delete_webhook"),
    ("inbound: the domain list", "router::domains"),
    ("inbound: a route created", "router::create_route"),
    ("inbound: a route changed", "router::update_route"),
    ("inbound: a route deleted", "router::delete_route"),
    ("inbound: a route's signing key reissued", "router::rekey"),
    ("inbound: the stored messages", "router::messages"),
    ("dialogs.list", "dialogs::list"),
    ("dialogs.get", "dialogs::get"),
    ("dialogs.messages", "dialogs::messages|dialogs::thread"),
    ("dialogs.reply", "dialogs::reply"),
    ("dialogs.markRead", "dialogs::mark_read"),
    ("dialogs.markUnread", "dialogs::mark_unread"),
    ("dialogs.close", "dialogs::close"),
    ("dialogs.open", "dialogs::reopen"),
    ("dialogs.unreadCount", "dialogs::unread_count"),
    ("dialogs.attachment", "dialogs::attachment_link"),
];

fn crates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// The Rust files under `dir`, each read as far as its tests.
fn sources(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            found.push(text.split("#[cfg(test)]\nmod tests").next().unwrap_or_default().to_string());
        }
    }
    found
}

/// The ways `file` may write `api::<module>::<rest>`: in full, by the
/// module's own name or an alias it was imported as, or by `rest`'s first
/// name when that was imported itself.
fn spellings(file: &str, module: &str, rest: &str) -> Vec<String> {
    let mut ways = vec![format!("api::{module}::{rest}")];
    let prefix = format!("api::{module}");
    static USES: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);").unwrap());
    for found in USES.captures_iter(file) {
        let statement = format!("use {}", found[1].split_whitespace().collect::<Vec<_>>().join(" "));
        if statement.ends_with(&format!("use {prefix}")) || statement.contains(&format!("{prefix}::{{self")) {
            ways.push(format!("{module}::{rest}"));
        }
        if let Some(alias) = statement.split(&format!("{prefix}::{{self as ")).nth(1) {
            let alias: String = alias.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            ways.push(format!("{alias}::{rest}"));
        }
        if let Some(alias) = statement.split(&format!("{prefix} as ")).nth(1) {
            let alias: String = alias.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            ways.push(format!("{alias}::{rest}"));
        }
        if statement.contains("use api::{") && statement.contains(module) {
            ways.push(format!("{module}::{rest}"));
        }
        let first = rest.split("::").next().unwrap_or(rest);
        let imported = statement.contains(&format!("{prefix}::{first}"))
            || (statement.contains(&format!("{prefix}::{{")) && {
                let names = statement.split(&format!("{prefix}::{{")).nth(1).unwrap_or_default();
                names.split([',', '}', ' ']).any(|n| n == first)
            });
        if imported {
            ways.push(rest.to_string());
        }
    }
    ways
}

/// Whether the app's code names `api::<path>` as a call (a function) or a
/// value (anything else). A module imported under another name in one file
/// is used by it in others (`use super::wire`): the names count everywhere.
fn named_by_app(files: &[String], path: &str) -> bool {
    let (module, rest) = path.split_once("::").unwrap();
    let is_function = !rest.contains("::") && rest.chars().next().is_some_and(|c| c.is_lowercase());
    let ways: BTreeSet<String> = files.iter().flat_map(|file| spellings(file, module, rest)).collect();
    files.iter().any(|file| {
        ways.iter().any(|way| {
            let wanted = if is_function { format!("{way}(") } else { way.clone() };
            file.match_indices(&wanted).any(|(at, _)| {
                // Not the tail of a longer name (`my_list(` is not `list(`).
                at == 0 || !file[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
            })
        })
    })
}

/// Whether the `api` crate defines `path`'s item (a function, or a type with that variant).
fn defined_by_api(api: &Path, path: &str) -> bool {
    let (module, rest) = path.split_once("::").unwrap();
    let file = std::fs::read_to_string(api.join(format!("{module}.rs"))).unwrap_or_default();
    let name = rest.split("::").next().unwrap();
    let variant = rest.split("::").nth(1);
    let defines = file.contains(&format!("fn {name}(")) || file.contains(&format!("fn {name}<"));
    let typed = file.contains(&format!("enum {name} ")) && variant.is_some_and(|v| file.contains(&format!("    {v},")));
    defines || typed
}

/// The operations the contract lists, as the table above names them.
fn in_contract(spec: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let endpoints = spec.split("## Endpoints").nth(1).unwrap().split("### Legacy interface").next().unwrap();
    let method = regex::Regex::new(r"(?m)^\| (GET|POST|PUT|DELETE) \| ([^|]+?) \|").unwrap();
    for row in method.captures_iter(endpoints) {
        for path in row[2].split(" and ") {
            found.insert(format!("{} {}", &row[1], path.trim()));
        }
    }
    let workflows = endpoints.lines().find(|l| l.starts_with("Workflows:")).expect("the workflows' line");
    let inline = regex::Regex::new(r"(GET|POST|PUT|DELETE) (/[\w/{}-]+)").unwrap();
    for op in inline.captures_iter(workflows) {
        found.insert(format!("{} {}", &op[1], &op[2]));
    }
    let metrics = endpoints.lines().find(|l| l.starts_with("`GET /reports/")).expect("the reports' line");
    let metrics = metrics.split("Metrics:").nth(1).expect("the metrics named");
    let metric = regex::Regex::new(r"`([a-z]+)`").unwrap();
    for m in metric.captures_iter(metrics) {
        found.insert(format!("GET /reports/{{campaign_id}}/{}", &m[1]));
    }
    let transactional = endpoints.split("### Transactional").nth(1).unwrap().split("###").next().unwrap();
    for path in ["/transactional/log", "/transactional/stats"] {
        if transactional.contains(path) {
            found.insert(format!("GET {path}"));
        }
    }
    if transactional.contains("sending") {
        found.insert("transactional: sending".into());
    }
    let inbound = endpoints.split("### Inbound processing").nth(1).unwrap();
    for (phrase, op) in [
        ("the domain list", "inbound: the domain list"),
        ("create", "inbound: a route created"),
        ("change", "inbound: a route changed"),
        ("delete", "inbound: a route deleted"),
        ("reissue of `signing_key`", "inbound: a route's signing key reissued"),
        ("the list of stored messages", "inbound: the stored messages"),
    ] {
        if inbound.contains(phrase) {
            found.insert(op.into());
        }
    }
    let dialogs = spec.split("#### Dialogs").nth(1).unwrap().split("####").next().unwrap();
    let method = regex::Regex::new(r"(?m)^\| (dialogs\.\w+) \|").unwrap();
    for row in method.captures_iter(dialogs) {
        found.insert(row[1].to_string());
    }
    found
}

#[test]
fn every_operation_of_the_contract_is_reached_by_the_app() {
    let listed: BTreeSet<String> = OPERATIONS.iter().map(|(op, _)| op.to_string()).collect();
    assert_eq!(listed.len(), OPERATIONS.len(), "an operation is listed twice");
    let spec = crates().join("../../../shared/spec/service-api.md");
    match std::fs::read_to_string(&spec) {
        Ok(spec) => {
            let contract = in_contract(&spec);
            let missing: Vec<_> = contract.difference(&listed).collect();
            let extra: Vec<_> = listed.difference(&contract).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "the contract lists {missing:?}; it does not list {extra:?}"
            );
        }
        Err(_) => eprintln!("the contract is not beside the project: the operations are the ones listed here"),
    }

    let api = crates().join("api/src");
    let app = sources(&crates().join("desk/src"));
    let mut unreached = Vec::new();
    for (op, items) in OPERATIONS {
        for group in items.split(' ') {
            let choices: Vec<&str> = group.split('|').collect();
            for item in &choices {
                assert!(defined_by_api(&api, item), "{op}: the api crate has no {item}");
            }
            if !choices.iter().any(|item| named_by_app(&app, item)) {
                unreached.push(format!("{op} ({group})"));
            }
        }
    }
    let reached =
        OPERATIONS.len() - unreached.iter().map(|u| u.split(" (").next().unwrap()).collect::<BTreeSet<_>>().len();
    println!("{reached} of {} operations reached by the app", OPERATIONS.len());
    assert!(unreached.is_empty(), "not reached by the app: {unreached:#?}");
}

#[test]
fn a_call_is_found_however_its_module_was_imported() {
    let files = |text: &str| vec![text.to_string()];
    assert!(named_by_app(&files("let x = api::lists::list(client);"), "lists::list"));
    assert!(named_by_app(&files("use api::dialogs::{self as wire, Dialog};\nwire::reply(c);"), "dialogs::reply"));
    assert!(named_by_app(
        &files("use api::reports::{EventQuery, RowMetric};\nRowMetric::Sent"),
        "reports::RowMetric::Sent"
    ));
    assert!(!named_by_app(&files("my_list(client); api::lists::lister(c);"), "lists::list"));
    assert!(!named_by_app(&files("api::lists::get(c);"), "lists::list"));
}
