//! The Templates area: the account's layouts, both the saved templates
//! (campaigns in status `TEMPLATE`, read and changed as campaigns) and the
//! older store of HTML templates; making one from a layout or a campaign,
//! renaming, editing the layout, deleting, and a new campaign from one.

mod commands;

pub use commands::AREA;

use crate::error::{failed, Result};
use crate::letter::blocks::{self, BlockLetter};
use crate::letter::{preview, PreviewView};
use crate::session::Session;
use crate::DeskError;
use api::campaigns::CampaignContent;
use api::templates::TemplateFilter;
use serde::{Deserialize, Serialize};

crate::codes! {
    /// What the user was doing in the templates, when something failed.
    pub enum Action: Action { LoadTemplates, CreateTemplate, SaveTemplate, DeleteTemplate, CreateCampaignFromTemplate }
    /// A field of the templates' forms, named when its value is refused.
    pub enum Field: FormField { TemplateName, TemplateLayout, NewCampaignName }
}

/// Which store a template is in; their ids are apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum TemplateKind {
    /// A saved template: a campaign kept as a layout.
    Saved,
    /// The older store, which the service moves into saved templates.
    Html,
}

/// A template with its layout as the sandboxed frame shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TemplateView {
    pub id: i64,
    pub kind: TemplateKind,
    pub name: String,
    /// The layout as written; empty when it is made of blocks.
    pub html: String,
    /// The blocks it is made of, when it is a block letter.
    pub blocks: Option<BlockLetter>,
    /// Made of blocks here, then its HTML changed elsewhere: it opens as
    /// HTML, and the page says why.
    pub blocks_edited_elsewhere: bool,
    /// The layout made safe for the frame (remote images held): its thumbnail and preview.
    pub preview: PreviewView,
}

/// Where a new template's layout comes from.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum TemplateSource {
    /// HTML, or blocks (rendered here; `html` is then not read).
    Layout {
        #[serde(default)]
        html: String,
        #[serde(default)]
        blocks: Option<Box<BlockLetter>>,
    },
    Campaign {
        #[serde(rename = "campaignId")]
        campaign_id: i64,
    },
}

fn view(id: i64, kind: TemplateKind, name: String, html: String) -> TemplateView {
    let preview = preview(&html, false);
    let letter = blocks::opened(html);
    TemplateView {
        id,
        kind,
        name,
        html: letter.html,
        blocks: letter.blocks,
        blocks_edited_elsewhere: letter.edited_elsewhere,
        preview,
    }
}

/// The layout as it goes: its blocks rendered, or its HTML (never empty).
fn layout_html<'a>(html: &'a str, blocks: Option<&BlockLetter>) -> Result<std::borrow::Cow<'a, str>> {
    if blocks.is_none() && html.trim().is_empty() {
        return Err(DeskError::Required { field: Field::TemplateLayout.into() });
    }
    blocks::html_for(html, blocks)
}

/// Every template, saved ones first, each newest first.
pub async fn all(session: &Session) -> Result<Vec<TemplateView>> {
    let client = session.client();
    let every = TemplateFilter::default();
    let (saved, html) =
        tokio::join!(api::templates::saved(client, &every), api::templates::html_templates(client, &every));
    let saved = saved.map_err(failed(Action::LoadTemplates))?;
    // A saved template's layout is read with the campaign request.
    let layouts = futures_util::future::join_all(saved.iter().map(|t| api::campaigns::get(client, *t.id))).await;
    let mut views = Vec::new();
    for (template, layout) in saved.into_iter().zip(layouts) {
        let layout = layout.map_err(failed(Action::LoadTemplates))?;
        views.push(view(*template.id, TemplateKind::Saved, template.name.0, layout.html.0.unwrap_or_default()));
    }
    for template in html.map_err(failed(Action::LoadTemplates))? {
        views.push(view(*template.id, TemplateKind::Html, template.name.0, template.html.0));
    }
    Ok(views)
}

fn named(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(DeskError::Required { field: Field::TemplateName.into() });
    }
    Ok(name.to_string())
}

/// A new saved template from a layout or from a campaign's; answers its id.
pub async fn create(session: &Session, name: &str, source: &TemplateSource) -> Result<i64> {
    let name = named(name)?;
    let client = session.client();
    let made = match source {
        TemplateSource::Layout { html, blocks } => {
            api::templates::save_layout(client, &name, &layout_html(html, blocks.as_deref())?).await
        }
        TemplateSource::Campaign { campaign_id } => api::templates::save_campaign(client, &name, *campaign_id).await,
    };
    made.map_err(failed(Action::CreateTemplate))
}

/// Renames a template, its layout untouched.
pub async fn rename(session: &Session, kind: TemplateKind, id: i64, name: &str) -> Result<()> {
    let name = named(name)?;
    let client = session.client();
    match kind {
        TemplateKind::Saved => {
            let change = CampaignContent { name: Some(name), ..CampaignContent::default() };
            api::campaigns::update(client, id, &change).await
        }
        TemplateKind::Html => api::templates::update_html_template(client, id, Some(&name), None).await,
    }
    .map_err(failed(Action::SaveTemplate))
}

/// Replaces a template's layout (its HTML, or its blocks rendered here);
/// campaigns made from it keep theirs.
pub async fn save_layout(
    session: &Session,
    kind: TemplateKind,
    id: i64,
    html: &str,
    blocks: Option<&BlockLetter>,
) -> Result<()> {
    let html = layout_html(html, blocks)?;
    let client = session.client();
    match kind {
        TemplateKind::Saved => {
            let change = CampaignContent { html: Some(html.into_owned()), ..CampaignContent::default() };
            api::campaigns::update(client, id, &change).await
        }
        TemplateKind::Html => {
            // A lost answer is settled by the template read back: its layout is the one sent, or it is not.
            let sent = api::templates::update_html_template(client, id, None, Some(&html))
                .await
                .map_err(failed(Action::SaveTemplate));
            let found = async { (api::templates::html_template(client, id).await.ok()?.html.0 == *html).then_some(()) };
            return crate::settle::settled(sent, found).await;
        }
    }
    .map_err(failed(Action::SaveTemplate))
}

/// Deletes a template; campaigns made from it keep their layout.
pub async fn delete(session: &Session, kind: TemplateKind, id: i64) -> Result<()> {
    let client = session.client();
    match kind {
        // Through the campaign request: the template request's ids are shared by both stores.
        TemplateKind::Saved => api::campaigns::delete(client, id).await,
        TemplateKind::Html => api::templates::delete(client, id).await,
    }
    .map_err(failed(Action::DeleteTemplate))
}

/// A new draft campaign to a list with the template's layout; answers its id.
pub async fn new_campaign(session: &Session, kind: TemplateKind, id: i64, name: &str, list_id: i64) -> Result<i64> {
    let name = name.trim();
    if name.is_empty() {
        return Err(DeskError::Required { field: Field::NewCampaignName.into() });
    }
    let layout = match kind {
        TemplateKind::Saved => format!("tmpl{id}"),
        TemplateKind::Html => id.to_string(),
    };
    let content = CampaignContent {
        name: Some(name.to_string()),
        list_ids: Some(vec![list_id]),
        html: Some(layout),
        ..CampaignContent::default()
    };
    api::campaigns::create(session.client(), &content).await.map_err(failed(Action::CreateCampaignFromTemplate))
}
