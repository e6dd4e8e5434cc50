//! The campaign editor: a campaign's content as the editor holds it, the
//! live pre-launch check over its letter (the rules are [`crate::letter`]'s)
//! and saving (launching it is [`super::launch`]'s, a subscriber's preview
//! [`super::preview`]'s). What the user typed and has not saved is kept on this
//! computer as they type (see [`super::drafts`]).

use super::listing::CampaignState;
use super::options::SendingOptions;
use crate::campaigns::Action;
use crate::drafts::{self, Edited};
use crate::error::{failed, Result};
use crate::letter::blocks::{self, BlockLetter};
use crate::letter::{self, check_context, CheckContext, LaunchCheck, Letter, Segment};
use crate::session::Session;
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
    /// The blocks its letter is made of, when it is a block letter: its
    /// `html` is then empty here and rendered from them where it goes.
    #[serde(default)]
    pub blocks: Option<BlockLetter>,
}

impl CampaignDraft {
    /// The campaign's message, as the check reads it, with `html` as it goes.
    pub fn letter<'a>(&'a self, html: &'a str) -> Letter<'a> {
        Letter {
            subject: &self.subject,
            from_name: &self.from_name,
            from_email: &self.from_email,
            list_ids: &self.list_ids,
            html,
            text: &self.text,
            amp: &self.amp,
            segment: self.segment.as_ref(),
        }
    }
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
    /// Made of blocks here, then its HTML changed elsewhere (the service's
    /// editor, code): it opens as HTML, and the page says why.
    pub blocks_edited_elsewhere: bool,
    /// Made in the service's own drag-and-drop builder, whose blocks the
    /// service does not share: it opens as HTML, and the page says so.
    pub made_in_service_builder: bool,
    pub context: CheckContext,
}

/// The campaign as the editor holds it, and whether its letter was made of
/// blocks and changed elsewhere since.
fn draft_of(c: &api::campaigns::Campaign) -> (CampaignDraft, bool) {
    let letter = blocks::opened(c.html.or_empty());
    let draft = CampaignDraft {
        name: c.name.or_empty(),
        subject: c.subject.or_empty(),
        from_name: c.from_name.or_empty(),
        from_email: c.from_email.or_empty(),
        list_ids: c.list_id.0.clone(),
        html: letter.html,
        text: c.plain_text.or_empty(),
        amp: c.amp_html.or_empty(),
        options: SendingOptions::of(c),
        segment: c.esegment.as_ref().and_then(Segment::from_wire),
        blocks: letter.blocks,
    };
    (draft, letter.edited_elsewhere)
}

/// Opens a campaign: its content, changes kept from an earlier session, and
/// what the check needs (senders, lists).
pub async fn open(session: &Session, campaign_id: i64) -> Result<EditorView> {
    let (campaign, context) =
        tokio::join!(api::campaigns::get(session.client(), campaign_id), check_context(session, Action::LoadCampaign));
    let campaign = campaign.map_err(failed(Action::LoadCampaign))?;
    let (saved, blocks_edited_elsewhere) = draft_of(&campaign);
    let kept = drafts::kept::<CampaignDraft>(session, Edited::Campaign(campaign_id)).await;
    let unsaved = kept.draft.filter(|kept| *kept != saved);
    let made_in_service_builder = campaign.kind.0.as_deref() == Some("online_builder") && saved.blocks.is_none();
    Ok(EditorView {
        id: campaign_id,
        state: CampaignState::of(campaign.status).unwrap_or(CampaignState::Draft),
        delivery_time: service_time(campaign.delivery_time.as_deref()),
        saved,
        unsaved,
        unreadable_draft: kept.unreadable,
        blocks_edited_elsewhere,
        made_in_service_builder,
        context: context?,
    })
}

fn content_of(draft: &CampaignDraft) -> Result<CampaignContent> {
    let html = blocks::html_for(&draft.html, draft.blocks.as_ref())?;
    let mut content = CampaignContent {
        list_ids: Some(draft.list_ids.clone()),
        name: Some(draft.name.clone()),
        subject: Some(draft.subject.clone()),
        from_name: Some(draft.from_name.clone()),
        from_email: Some(draft.from_email.trim().to_string()),
        html: Some(html.into_owned()),
        plain_text: Some(draft.text.clone()),
        amp_html: Some(draft.amp.clone()),
        esegment: Some(letter::segment_wire(draft.segment.as_ref(), &draft.list_ids)),
        ..CampaignContent::default()
    };
    draft.options.write(&mut content);
    Ok(content)
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
    let content = content_of(draft)?;
    api::campaigns::update(session.client(), campaign_id, &content).await.map_err(failed(Action::SaveCampaign))?;
    drafts::forget_saved(session, Edited::Campaign(campaign_id), draft).await;
    Ok(())
}

/// Every rule of a launch over the draft, with the account's senders; a
/// block letter is checked as it renders.
pub fn check(draft: &CampaignDraft, context: &CheckContext) -> Result<LaunchCheck> {
    let html = blocks::html_for(&draft.html, draft.blocks.as_ref())?;
    Ok(letter::check(&draft.letter(&html), context))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letter::{ListChoice, Outcome, Rule};

    #[test]
    fn the_launch_check_reads_every_part_of_the_draft() {
        let draft = CampaignDraft {
            subject: "Весна".into(),
            from_name: "Northwind".into(),
            from_email: "news@northwind.example".into(),
            list_ids: vec![1],
            html: r#"<a id="unsub_link" href="%ОТПИСАТЬСЯ%">x</a> %CITY%"#.into(),
            amp: "<p>amp</p>".into(),
            segment: Some(Segment { match_all: true, conditions: vec![] }),
            ..CampaignDraft::default()
        };
        let context = CheckContext {
            senders: vec!["news@northwind.example".into()],
            lists: vec![ListChoice {
                id: 1,
                name: "A".into(),
                active: 9,
                tags: vec![],
                company: String::new(),
                address: String::new(),
            }],
            ..CheckContext::default()
        };
        let check = check(&draft, &context).unwrap();
        assert_eq!(check.reach, 9);
        let failed: Vec<_> = check.items.iter().filter(|i| i.outcome == Outcome::Fail).map(|i| i.rule).collect();
        assert_eq!(failed, [Rule::UnsubscribeLink], "the AMP version lacks its link");
        let tags = check.items.iter().find(|i| i.rule == Rule::Tags).map(|i| i.found.clone());
        assert_eq!(tags, Some(vec!["%CITY%".to_string()]));
    }

    #[test]
    fn a_block_letter_is_checked_as_it_renders() {
        let letter = crate::letter::blocks::BlockLetter {
            look: crate::letter::blocks::Look::default(),
            blocks: vec![crate::letter::blocks::Block::Spacer { height: 8 }],
            footer: crate::letter::blocks::Footer {
                company: "ООО «Кофейня»".into(),
                address: "Москва".into(),
                note: String::new(),
                unsubscribe: "Отписаться".into(),
            },
        };
        let draft = CampaignDraft { blocks: Some(letter.clone()), ..CampaignDraft::default() };
        let unsubscribe = |check: &LaunchCheck| {
            check
                .items
                .iter()
                .find(|i| i.rule == Rule::UnsubscribeLink && i.version == Some(letter::Version::Html))
                .map(|i| i.outcome)
        };
        let checked = check(&draft, &CheckContext::default()).unwrap();
        assert_eq!(unsubscribe(&checked), Some(Outcome::Pass), "the footer's link, with no HTML from the page");
        let mut broken = letter;
        broken.look.width = 2000;
        let refused = check(&CampaignDraft { blocks: Some(broken), ..draft }, &CheckContext::default());
        assert!(
            matches!(&refused, Err(crate::DeskError::InArea { area, failure })
                if area == "letter" && failure["code"] == "unrenderable"),
            "{refused:?}"
        );
    }
}
