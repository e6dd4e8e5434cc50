//! The letter: a campaign's message or an automation's, which both areas
//! write in the same fields and the service checks by the same rules. Here
//! are its check (with what it needs to know of the account), its preview,
//! its text version made from the HTML, and its segment; an area turns its
//! own form into a [`Letter`] and keeps the rest (a campaign's options, an
//! automation's events) to itself.

pub mod blocks;
mod commands;
mod context;
mod failures;
pub mod files;
mod preview;
mod rules;
mod segment;
mod tags;

pub(crate) use context::check_context;
pub use context::{CheckContext, ListChoice, TagChoice};
pub use failures::LetterFailure;
pub use preview::{preview, text_from_html, PreviewView};
pub use rules::{
    blocks_launch, check_content, check_message, has_unsubscribe_element, unsubscribe_elements, CheckItem, Outcome,
    Rule, Version, CLIPPED_OVER, UNSUBSCRIBE_ID,
};
pub(crate) use segment::segment_wire;
pub use segment::{Segment, SegmentCondition, SegmentField, SegmentOp};
pub use tags::{BUILT_IN_TAGS, UNSUBSCRIBE_TAG};

use serde::Serialize;

/// The letter's commands, served beside the areas'.
pub use commands::AREA;

/// A letter as the check reads it, borrowed from the form that holds it.
/// A part left blank is as good as absent.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Letter<'a> {
    pub subject: &'a str,
    pub from_name: &'a str,
    pub from_email: &'a str,
    /// The lists it goes to.
    pub list_ids: &'a [i64],
    pub html: &'a str,
    pub text: &'a str,
    /// The AMP version; empty when there is none.
    pub amp: &'a str,
    /// Only the subscribers of the lists it matches; `None`: all of them.
    pub segment: Option<&'a Segment>,
}

/// The check of a letter before it is sent, and whom it would reach.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LaunchCheck {
    pub items: Vec<CheckItem>,
    /// Some rule the service enforces fails: it would refuse the launch.
    pub blocked: bool,
    /// Active subscribers of the chosen lists (one who is on two lists is
    /// counted twice here; the launch question asks the service).
    pub reach: i64,
    /// A segment narrows the lists: `reach` is the most it reaches.
    pub segmented: bool,
}

/// Every rule of sending the letter, with the account's senders, domains
/// and lists.
pub fn check(letter: &Letter, context: &CheckContext) -> LaunchCheck {
    let mut items = check_message(letter);
    let address = letter.from_email.trim().to_lowercase();
    if !address.is_empty() {
        let outcome = if context.senders.contains(&address) { Outcome::Pass } else { Outcome::Warn };
        let domain = crate::views::domain_of(&address).to_string();
        let mut confirmed = CheckItem::new(Rule::SenderConfirmed, outcome, None);
        confirmed.found = vec![address];
        items.insert(3, confirmed);
        let verified = if context.verified_domains.contains(&domain) { Outcome::Pass } else { Outcome::Warn };
        let mut domain_item = CheckItem::new(Rule::DomainVerified, verified, None);
        domain_item.found = vec![domain];
        items.insert(4, domain_item);
    }
    let lists = if letter.list_ids.is_empty() { Outcome::Fail } else { Outcome::Pass };
    items.insert(0, CheckItem::new(Rule::Lists, lists, None));
    let chosen: Vec<&ListChoice> = context.lists.iter().filter(|l| letter.list_ids.contains(&l.id)).collect();
    let unknown = tags::unknown_tags(&[letter.subject, letter.html, letter.text, letter.amp], &chosen);
    let mut tags = CheckItem::new(Rule::Tags, if unknown.is_empty() { Outcome::Pass } else { Outcome::Warn }, None);
    tags.found = unknown;
    items.push(tags);
    let reach = chosen.iter().map(|l| l.active).sum();
    let segmented = letter.segment.is_some_and(|s| !s.conditions.is_empty());
    LaunchCheck { blocked: blocks_launch(&items), items, reach, segmented }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LISTS: &[i64] = &[1, 3];

    fn ready() -> Letter<'static> {
        Letter {
            subject: "Весенняя распродажа",
            from_name: "Northwind",
            from_email: "News@Northwind.example",
            list_ids: LISTS,
            html: r#"<p>Скидки</p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#,
            ..Letter::default()
        }
    }

    fn context() -> CheckContext {
        CheckContext {
            senders: vec!["news@northwind.example".into()],
            verified_domains: vec!["northwind.example".into()],
            lists: vec![
                ListChoice {
                    id: 1,
                    name: "A".into(),
                    active: 120,
                    tags: vec![tag("%NAME%"), tag("%CITY%")],
                    company: String::new(),
                    address: String::new(),
                },
                ListChoice {
                    id: 2,
                    name: "B".into(),
                    active: 7,
                    tags: vec![],
                    company: String::new(),
                    address: String::new(),
                },
                ListChoice {
                    id: 3,
                    name: "C".into(),
                    active: 30,
                    tags: vec![tag("%NAME%")],
                    company: String::new(),
                    address: String::new(),
                },
            ],
        }
    }

    fn tag(tag: &str) -> TagChoice {
        TagChoice { tag: tag.into(), title: tag.trim_matches('%').into(), field: 1 }
    }

    fn outcome(check: &LaunchCheck, rule: Rule) -> Outcome {
        check.items.iter().find(|i| i.rule == rule).map(|i| i.outcome).expect("the rule is checked")
    }

    #[test]
    fn a_tag_every_chosen_list_defines_passes_and_one_only_some_define_warns() {
        let letter = Letter { subject: "%Name%, для вас", ..ready() };
        assert_eq!(
            outcome(&check(&letter, &context()), Rule::Tags),
            Outcome::Pass,
            "built in or defined by lists 1 and 3"
        );
        let html = format!("{} %CITY% %EMAIL% %PROMO%", ready().html);
        let check = check(&Letter { html: &html, ..ready() }, &context());
        let tags = check.items.iter().find(|i| i.rule == Rule::Tags).unwrap();
        assert_eq!(
            (tags.outcome, tags.found.clone()),
            (Outcome::Warn, vec!["%CITY%".to_string(), "%PROMO%".to_string()])
        );
        assert!(!check.blocked, "a warning, not a refusal");
    }

    #[test]
    fn a_complete_letter_passes_and_reaches_its_lists_active_subscribers() {
        let check = check(&ready(), &context());
        assert!(!check.blocked, "{:?}", check.items);
        assert_eq!(check.reach, 150);
        assert!(!check.segmented);
        assert_eq!(outcome(&check, Rule::SenderConfirmed), Outcome::Pass, "confirmed, whatever the case");
        assert_eq!(outcome(&check, Rule::DomainVerified), Outcome::Pass);
    }

    #[test]
    fn no_list_blocks_and_an_unconfirmed_sender_only_warns() {
        let letter = Letter { list_ids: &[], from_email: "sales@northwind.example", ..ready() };
        let check = check(&letter, &context());
        assert!(check.blocked);
        assert_eq!(outcome(&check, Rule::Lists), Outcome::Fail);
        assert_eq!(outcome(&check, Rule::SenderConfirmed), Outcome::Warn);
        assert_eq!(check.reach, 0);
        let elsewhere = Letter { from_email: "news@mail.northwind.example", ..ready() };
        let check = super::check(&elsewhere, &context());
        assert_eq!(outcome(&check, Rule::DomainVerified), Outcome::Warn, "a subdomain is a domain of its own");
        assert!(!check.blocked, "a warning, not a refusal");
    }

    #[test]
    fn the_html_without_its_unsubscribe_element_blocks() {
        let check = check(&Letter { html: "<p>Скидки</p>", ..ready() }, &context());
        assert!(check.blocked);
        assert_eq!(outcome(&check, Rule::UnsubscribeLink), Outcome::Fail);
    }

    #[test]
    fn a_segment_with_conditions_makes_the_reach_a_most() {
        let none = Segment { match_all: true, conditions: vec![] };
        assert!(!check(&Letter { segment: Some(&none), ..ready() }, &context()).segmented, "no condition, no segment");
        let some = Segment {
            match_all: true,
            conditions: vec![SegmentCondition {
                field: SegmentField::Email,
                op: SegmentOp::Ends,
                value: "@mail.ru".into(),
            }],
        };
        let check = check(&Letter { segment: Some(&some), ..ready() }, &context());
        assert!(check.segmented);
        assert_eq!(check.reach, 150);
    }
}
