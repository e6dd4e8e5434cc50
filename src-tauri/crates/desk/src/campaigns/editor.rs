//! The campaign editor: a campaign's content as the editor holds it, the
//! live pre-launch check over it, its preview and saving (launching it is
//! [`super::launch`]'s). What the user typed and has not saved is kept on this
//! computer as they type (see [`super::drafts`]).

use super::check::{self, CheckItem, Message, Outcome, Rule};
use super::listing::CampaignState;
use super::options::SendingOptions;
use super::segment::Segment;
use crate::desk::Session;
use crate::drafts::{self, Edited};
use crate::error::{failed, Action, Result};
use crate::inbox::clean::{clean, RemoteImages};
use crate::views::service_time;
use api::campaigns::CampaignContent;
use serde::{Deserialize, Serialize};

/// A campaign's content as the editor holds it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CampaignDraft {
    pub name: String,
    pub subject: String,
    pub from_name: String,
    pub from_email: String,
    pub list_ids: Vec<i64>,
    pub html: String,
    pub text: String,
    /// The AMP version; empty when there is none.
    #[serde(default)]
    pub amp: String,
    #[serde(default)]
    pub options: SendingOptions,
    /// Only the subscribers of the lists it matches; `None`: all of them.
    #[serde(default)]
    pub segment: Option<Segment>,
}

/// A list the campaign may go to, with the subscribers it would reach.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ListChoice {
    pub id: i64,
    pub name: String,
    pub active: i64,
    /// The personalisation tags its fields define.
    pub tags: Vec<TagChoice>,
}

/// A personalisation tag as a message writes it (`%NAME%`), and its field's title.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TagChoice {
    pub tag: String,
    pub title: String,
    /// The field's number (N of `merge_N`).
    pub field: u8,
}

/// Tags every message may use: the recipient's address and the unsubscribe link.
pub const BUILT_IN_TAGS: [&str; 2] = ["%EMAIL%", check::UNSUBSCRIBE_TAG];

/// What the check needs beyond the content: read once when the editor opens.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CheckContext {
    /// The account's confirmed sender addresses.
    pub senders: Vec<String>,
    /// The account's sending domains the service has verified (lower case).
    #[serde(default)]
    pub verified_domains: Vec<String>,
    pub lists: Vec<ListChoice>,
}

/// A campaign opened in the editor.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct EditorView {
    pub id: i64,
    pub state: CampaignState,
    /// When it went out or is set to go, in the service's time.
    pub delivery_time: Option<String>,
    /// As the service has it.
    pub saved: CampaignDraft,
    /// Changes kept on this computer that the service does not have yet.
    pub unsaved: Option<CampaignDraft>,
    /// Where changes kept earlier that could not be read were moved aside.
    pub unreadable_draft: Option<String>,
    pub context: CheckContext,
}

/// The pre-launch check of a draft, and whom it would reach.
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

/// A version of the message made safe for the sandboxed frame.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PreviewView {
    pub html: String,
    /// Remote images left out until the user asks for them.
    pub held_images: usize,
}

fn draft_of(c: &api::campaigns::Campaign) -> CampaignDraft {
    CampaignDraft {
        name: c.name.or_empty(),
        subject: c.subject.or_empty(),
        from_name: c.from_name.or_empty(),
        from_email: c.from_email.or_empty(),
        list_ids: c.list_id.0.clone(),
        html: c.html.or_empty(),
        text: c.plain_text.or_empty(),
        amp: c.amp_html.or_empty(),
        options: SendingOptions::of(c),
        segment: c.esegment.as_ref().and_then(Segment::from_wire),
    }
}

/// Opens a campaign: its content, changes kept from an earlier session, and
/// what the check needs (senders, lists).
pub async fn open(session: &Session, campaign_id: i64) -> Result<EditorView> {
    let (campaign, context) =
        tokio::join!(api::campaigns::get(session.client(), campaign_id), check_context(session, Action::LoadCampaign));
    let campaign = campaign.map_err(failed(Action::LoadCampaign))?;
    let saved = draft_of(&campaign);
    let kept = drafts::kept::<CampaignDraft>(session, Edited::Campaign(campaign_id)).await;
    let unsaved = kept.draft.filter(|kept| *kept != saved);
    Ok(EditorView {
        id: campaign_id,
        state: CampaignState::of(campaign.status).unwrap_or(CampaignState::Draft),
        delivery_time: service_time(campaign.delivery_time.as_deref()),
        saved,
        unsaved,
        unreadable_draft: kept.unreadable,
        context: context?,
    })
}

/// What the check of a message needs besides the message: the account's
/// confirmed senders, its verified sending domains and its lists with their
/// fields.
pub(crate) async fn check_context(session: &Session, action: Action) -> Result<CheckContext> {
    let client = session.client();
    let (senders, lists, domains) =
        tokio::join!(api::account::senders(client), api::lists::list(client, None), api::account::domains(client));
    let verified_domains = domains
        .map_err(failed(action))?
        .into_iter()
        .filter(|d| *d.valid)
        .map(|d| d.domain.0.trim().to_lowercase())
        .collect();
    let senders = senders
        .map_err(failed(action))?
        .into_iter()
        .filter(|s| *s.confirmed)
        .map(|s| s.email.0.trim().to_lowercase())
        .collect();
    let lists = lists
        .map_err(failed(action))?
        .iter()
        .map(|l| ListChoice {
            id: *l.id,
            name: l.name.0.clone(),
            active: *l.counts.count_active,
            tags: l
                .fields()
                .into_iter()
                .map(|f| TagChoice {
                    tag: format!("%{}%", f.def.var.to_uppercase()),
                    title: f.def.title,
                    field: f.merge_id,
                })
                .collect(),
        })
        .collect();
    Ok(CheckContext { senders, verified_domains, lists })
}

fn content_of(draft: &CampaignDraft) -> CampaignContent {
    let mut content = CampaignContent {
        list_ids: Some(draft.list_ids.clone()),
        name: Some(draft.name.clone()),
        subject: Some(draft.subject.clone()),
        from_name: Some(draft.from_name.clone()),
        from_email: Some(draft.from_email.trim().to_string()),
        html: Some(draft.html.clone()),
        plain_text: Some(draft.text.clone()),
        amp_html: Some(draft.amp.clone()),
        esegment: Some(super::segment::segment_wire(draft.segment.as_ref(), &draft.list_ids)),
        ..CampaignContent::default()
    };
    draft.options.write(&mut content);
    content
}

/// Keeps what the user typed on this computer until the service has it;
/// `revision` orders keeps that arrive out of turn (see [`drafts`]).
pub async fn keep_draft(session: &Session, campaign_id: i64, revision: u64, draft: &CampaignDraft) -> Result<()> {
    drafts::keep(session, Edited::Campaign(campaign_id), revision, draft).await
}

/// Saves the draft to the service; what was kept on this computer for it
/// goes once the service has it, unless more was typed meanwhile. On a
/// failure it stays kept.
pub async fn save(session: &Session, campaign_id: i64, revision: u64, draft: &CampaignDraft) -> Result<()> {
    keep_draft(session, campaign_id, revision, draft).await?;
    api::campaigns::update(session.client(), campaign_id, &content_of(draft))
        .await
        .map_err(failed(Action::SaveCampaign))?;
    drafts::forget_saved(session, Edited::Campaign(campaign_id), draft).await;
    Ok(())
}

/// Every rule of a launch over the draft, with the account's senders.
pub fn check(draft: &CampaignDraft, context: &CheckContext) -> LaunchCheck {
    let message = Message {
        subject: Some(&draft.subject),
        from_name: Some(&draft.from_name),
        from_email: Some(&draft.from_email),
        html: Some(&draft.html),
        text: Some(&draft.text),
        amp: Some(&draft.amp),
    };
    let mut items = check::check(&message);
    let address = draft.from_email.trim().to_lowercase();
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
    let lists = if draft.list_ids.is_empty() { Outcome::Fail } else { Outcome::Pass };
    items.insert(0, CheckItem::new(Rule::Lists, lists, None));
    let chosen: Vec<&ListChoice> = context.lists.iter().filter(|l| draft.list_ids.contains(&l.id)).collect();
    let unknown = unknown_tags(&[&draft.subject, &draft.html, &draft.text, &draft.amp], &chosen);
    let mut tags = CheckItem::new(Rule::Tags, if unknown.is_empty() { Outcome::Pass } else { Outcome::Warn }, None);
    tags.found = unknown;
    items.push(tags);
    let reach = context.lists.iter().filter(|l| draft.list_ids.contains(&l.id)).map(|l| l.active).sum();
    let segmented = draft.segment.as_ref().is_some_and(|s| !s.conditions.is_empty());
    LaunchCheck { blocked: check::blocks_launch(&items), items, reach, segmented }
}

/// The `%TAG%`s of the texts that are neither built in nor defined by every
/// chosen list (a subscriber of a list without the field gets an empty
/// value), in the order they first appear.
fn unknown_tags(texts: &[&str], lists: &[&ListChoice]) -> Vec<String> {
    let defined = |tag: &str| {
        BUILT_IN_TAGS.iter().any(|b| b.eq_ignore_ascii_case(tag))
            || (!lists.is_empty()
                && lists.iter().all(|l| l.tags.iter().any(|t| t.tag.to_uppercase() == tag.to_uppercase())))
    };
    let mut unknown: Vec<String> = Vec::new();
    for text in texts {
        for tag in tags_in(text) {
            if !defined(tag) && !unknown.iter().any(|u| u == tag) {
                unknown.push(tag.to_string());
            }
        }
    }
    unknown
}

/// Every `%WORD%` of a text: letters, digits and `_` between two `%`.
fn tags_in(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || loop {
        let start = rest.find('%')?;
        let after = &rest[start + 1..];
        let end = after.find('%')?;
        let word = &after[..end];
        if !word.is_empty() && word.chars().all(|c| c.is_alphanumeric() || c == '_') {
            let tag = &rest[start..start + end + 2];
            rest = &after[end + 1..];
            return Some(tag);
        }
        rest = after;
    })
}

/// The HTML version as the preview frame shows it.
pub fn preview(html: &str, show_images: bool) -> PreviewView {
    let cleaned = clean(html, if show_images { RemoteImages::Shown } else { RemoteImages::Held });
    PreviewView { html: cleaned.html, held_images: cleaned.held_images }
}

/// The saved campaign's HTML as the subscriber with `email` on one of its
/// lists would get it, personalisation applied by the service; `None`
/// when none of its lists has that address.
pub async fn preview_as(
    session: &Session,
    campaign_id: i64,
    email: &str,
    show_images: bool,
) -> Result<Option<PreviewView>> {
    let client = session.client();
    let campaign = api::campaigns::get(client, campaign_id).await.map_err(failed(Action::LoadCampaign))?;
    for list_id in campaign.list_id.0 {
        let query = crate::lists::SubscriberQuery {
            list_id,
            start: 0,
            limit: 1,
            state: None,
            email: Some(email.trim().to_string()),
            sort: None,
            descending: None,
        };
        let Some(member) = crate::lists::subscribers(session, &query).await?.rows.into_iter().next() else { continue };
        let personal =
            api::campaigns::personalized(client, campaign_id, member.id).await.map_err(failed(Action::LoadCampaign))?;
        return Ok(Some(preview(personal.html.0.as_deref().unwrap_or_default(), show_images)));
    }
    Ok(None)
}

/// Columns of the text version made from the HTML: what mail programs
/// that show no HTML wrap comfortably.
const TEXT_WIDTH: usize = 78;

/// The text version made from the HTML one: paragraphs, lists and tables as
/// text, links with their addresses. The unsubscribe element's link becomes
/// `%ОТПИСАТЬСЯ%` when the HTML does not say it already.
pub fn text_from_html(html: &str) -> String {
    let text = html2text::from_read(html.as_bytes(), TEXT_WIDTH).unwrap_or_default();
    if check::has_unsubscribe_element(html) && !text.contains(check::UNSUBSCRIBE_TAG) {
        format!("{}\n\n{}\n", text.trim_end(), check::UNSUBSCRIBE_TAG)
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ready() -> CampaignDraft {
        CampaignDraft {
            name: "Весна".into(),
            subject: "Весенняя распродажа".into(),
            from_name: "Northwind".into(),
            from_email: "News@Northwind.example".into(),
            list_ids: vec![1, 3],
            html: r#"<p>Скидки</p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#.into(),
            ..CampaignDraft::default()
        }
    }

    fn context() -> CheckContext {
        CheckContext {
            senders: vec!["news@northwind.example".into()],
            verified_domains: vec!["northwind.example".into()],
            lists: vec![
                ListChoice { id: 1, name: "A".into(), active: 120, tags: vec![tag("%NAME%"), tag("%CITY%")] },
                ListChoice { id: 2, name: "B".into(), active: 7, tags: vec![] },
                ListChoice { id: 3, name: "C".into(), active: 30, tags: vec![tag("%NAME%")] },
            ],
        }
    }

    fn tag(tag: &str) -> TagChoice {
        TagChoice { tag: tag.into(), title: tag.trim_matches('%').into(), field: 1 }
    }

    #[test]
    fn tags_are_words_between_percent_signs_and_a_discount_is_not_one() {
        let found: Vec<&str> = tags_in("Скидка 50% для вас, %NAME%! До 20% на %ГОРОД_1%; %%, % x %").collect();
        assert_eq!(found, ["%NAME%", "%ГОРОД_1%"]);
    }

    #[test]
    fn a_tag_every_chosen_list_defines_passes_and_one_only_some_define_warns() {
        let draft = CampaignDraft { subject: "%Name%, для вас".into(), ..ready() };
        assert_eq!(
            outcome(&check(&draft, &context()), Rule::Tags),
            Outcome::Pass,
            "built in or defined by lists 1 and 3"
        );
        let draft = CampaignDraft { html: format!("{} %CITY% %EMAIL% %PROMO%", ready().html), ..ready() };
        let check = check(&draft, &context());
        let tags = check.items.iter().find(|i| i.rule == Rule::Tags).unwrap();
        assert_eq!(
            (tags.outcome, tags.found.clone()),
            (Outcome::Warn, vec!["%CITY%".to_string(), "%PROMO%".to_string()])
        );
        assert!(!check.blocked, "a warning, not a refusal");
    }

    fn outcome(check: &LaunchCheck, rule: Rule) -> Outcome {
        check.items.iter().find(|i| i.rule == rule).map(|i| i.outcome).expect("the rule is checked")
    }

    #[test]
    fn a_complete_campaign_passes_and_reaches_its_lists_active_subscribers() {
        let check = check(&ready(), &context());
        assert!(!check.blocked, "{:?}", check.items);
        assert_eq!(check.reach, 150);
        assert_eq!(outcome(&check, Rule::SenderConfirmed), Outcome::Pass, "confirmed, whatever the case");
        assert_eq!(outcome(&check, Rule::DomainVerified), Outcome::Pass);
    }

    #[test]
    fn no_list_blocks_and_an_unconfirmed_sender_only_warns() {
        let draft = CampaignDraft { list_ids: vec![], from_email: "sales@northwind.example".into(), ..ready() };
        let check = check(&draft, &context());
        assert!(check.blocked);
        assert_eq!(outcome(&check, Rule::Lists), Outcome::Fail);
        assert_eq!(outcome(&check, Rule::SenderConfirmed), Outcome::Warn);
        assert_eq!(check.reach, 0);
        let elsewhere = CampaignDraft { from_email: "news@mail.northwind.example".into(), ..ready() };
        let check = super::check(&elsewhere, &context());
        assert_eq!(outcome(&check, Rule::DomainVerified), Outcome::Warn, "a subdomain is a domain of its own");
        assert!(!check.blocked, "a warning, not a refusal");
    }

    #[test]
    fn the_html_without_its_unsubscribe_element_blocks() {
        let draft = CampaignDraft { html: "<p>Скидки</p>".into(), ..ready() };
        let check = check(&draft, &context());
        assert!(check.blocked);
        assert_eq!(outcome(&check, Rule::UnsubscribeLink), Outcome::Fail);
    }

    #[test]
    fn the_text_version_keeps_the_words_and_the_links_and_gets_the_unsubscribe_tag() {
        let html = r#"<h1>Весна</h1><p>Скидки до <b>50%</b> в <a href="https://shop.example/sale">магазине</a>.</p>
            <ul><li>Кофе</li><li>Чай</li></ul><a id="unsub_link" href="https://x.example/u">Отписаться</a>"#;
        let text = text_from_html(html);
        for part in ["Весна", "Скидки до", "50%", "https://shop.example/sale", "Кофе", "Чай", "%ОТПИСАТЬСЯ%"]
        {
            assert!(text.contains(part), "{part} in {text}");
        }
        assert!(!text.contains('<'), "{text}");
        assert!(!text_from_html("<p>Привет</p>").contains("%ОТПИСАТЬСЯ%"), "no element, no tag");
    }

    #[test]
    fn the_preview_holds_remote_images_and_drops_scripts() {
        let html = r#"<img src="https://cdn.example/a.png" alt="a"><script>alert(1)</script><p>Привет</p>"#;
        let held = preview(html, false);
        assert_eq!(held.held_images, 1);
        assert!(!held.html.contains("cdn.example") && !held.html.contains("script") && held.html.contains("Привет"));
        assert!(preview(html, true).html.contains("https://cdn.example/a.png"));
    }
}
