//! Templates: `/templates`. HTML templates are an older store the service
//! migrates into saved templates, which are campaigns in status `TEMPLATE`
//! (their layout is read and changed through [`crate::campaigns`]).

use crate::error::Result;
use crate::loose;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::json;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HtmlTemplate {
    pub id: loose::Id,
    pub name: loose::Text,
    pub html: loose::Text,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedTemplate {
    pub id: loose::Id,
    pub name: loose::Text,
    pub folder_id: loose::Int,
}

/// Which templates a listing returns: by id, or by exact name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TemplateFilter {
    pub id: Option<i64>,
    pub name: Option<String>,
}

impl TemplateFilter {
    fn query(&self) -> Vec<(&'static str, String)> {
        let mut query = Vec::new();
        if let Some(id) = self.id {
            query.push(("id", id.to_string()));
        }
        if let Some(name) = &self.name {
            query.push(("name", name.clone()));
        }
        query
    }
}

/// HTML templates, newest first; an empty store is normal. Legacy: `campaigns.get_templates`.
pub async fn html_templates(client: &Client, filter: &TemplateFilter) -> Result<Vec<HtmlTemplate>> {
    client.get(&["templates"], &filter.query()).await?.decode()
}

/// One HTML template (500, code 28 when missing). Legacy:
/// `campaigns.get_templates` with `id`.
pub async fn html_template(client: &Client, id: i64) -> Result<HtmlTemplate> {
    let found: Vec<HtmlTemplate> = client.get(&["templates", &id.to_string()], &[]).await?.decode()?;
    found.into_iter().next().ok_or_else(|| crate::Error::Decode(format!("the service sent no template {id}")))
}

/// Renames an HTML template or replaces its layout; only what is `Some`
/// changes (422, code 11 when nothing does). v2 only.
pub async fn update_html_template(client: &Client, id: i64, name: Option<&str>, layout: Option<&str>) -> Result<()> {
    let mut body = json!({});
    if let Some(name) = name {
        body["name"] = json!(name);
    }
    if let Some(layout) = layout {
        body["template"] = json!(layout);
    }
    client.put(&["templates", &id.to_string()], body).await?;
    Ok(())
}

/// Saved templates, without their layouts. Legacy: `campaigns.get_saved_templates`.
pub async fn saved(client: &Client, filter: &TemplateFilter) -> Result<Vec<SavedTemplate>> {
    client.get(&["templates", "saved"], &filter.query()).await?.decode()
}

/// Saves a layout as a template; answers its id. Legacy: `campaigns.add_template`.
pub async fn save_layout(client: &Client, name: &str, layout: &str) -> Result<i64> {
    let reply = client.post(&["templates"], json!({"name": name, "template": layout, "body": layout})).await?;
    reply.id("id")
}

/// Saves a campaign's layout as a template (404, code 22 when the campaign
/// is missing); answers its id. Legacy: `campaigns.add_template` with a
/// campaign id.
pub async fn save_campaign(client: &Client, name: &str, campaign_id: i64) -> Result<i64> {
    let body = json!({"name": name, "template": campaign_id, "body": campaign_id, "campaign_id": campaign_id});
    let reply = client.post(&["templates"], body).await?;
    reply.id("id")
}

/// Deletes a template; campaigns made from it keep their layout.
/// Legacy: `campaigns.delete_template`.
pub async fn delete(client: &Client, id: i64) -> Result<()> {
    client.delete(&["templates", &id.to_string()], None).await?;
    Ok(())
}
