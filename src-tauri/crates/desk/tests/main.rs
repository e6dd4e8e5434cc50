//! One test binary for desk's contract tests against the sandbox over loopback: each file
//! below is a module, linked once. A test apart, in a binary of its own, is
//! one that changes what the whole process shares: its environment, its
//! logger, its panic hook (listed in Cargo.toml).

mod common {
    pub mod chart_words;
    pub mod cx;
    pub mod demo;
    pub mod host;
    pub mod imports;
    pub mod letters;
    pub mod lost_answers;
    pub mod overview;
    pub mod service;
}

mod account_against_sandbox;
mod accounts_in_keyring;
mod areas_apart;
mod automations_against_sandbox;
mod campaigns_against_sandbox;
mod contract_only_against_sandbox;
mod demo_language;
mod drafts_against_sandbox;
mod hostile_replies;
mod import_check;
mod import_from_address_against_sandbox;
mod import_races_against_sandbox;
mod import_reading_against_sandbox;
mod import_through_faults;
mod import_upload_against_sandbox;
mod inbound_against_sandbox;
mod inbox_against_sandbox;
mod inbox_round_trips;
mod listings_against_sandbox;
mod lists_against_sandbox;
mod lists_many_against_sandbox;
mod lists_many_confirmed_against_sandbox;
mod lost_answers_against_sandbox;
mod lost_campaign_answers_against_sandbox;
mod misreporting_service;
mod no_circles;
mod operations_reached;
mod reopening_at_start;
mod reports_against_sandbox;
mod reports_counting_against_sandbox;
mod reports_round_trips;
mod reports_rows_against_sandbox;
mod reports_through_faults;
mod segment_rules_against_sandbox;
mod segments_against_sandbox;
mod subscriber_card_against_sandbox;
mod templates_against_sandbox;
mod transactional_against_sandbox;
mod triage_corpus;
mod unsubscribe_rule;
