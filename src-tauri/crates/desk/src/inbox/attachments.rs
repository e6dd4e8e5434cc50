//! Files attached to replies: previewed inline when they are small images,
//! saved where the user picks.

use super::wire;
use crate::command::Cx;
use crate::error::{failed, Result};
use crate::inbox::Action;
use crate::session::Session;
use serde::Serialize;

/// A file attached to a message.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AttachmentView {
    pub id: i64,
    /// The sender's file name made safe (see `names`): what the thread
    /// shows is what the save dialog offers.
    pub filename: String,
    pub content_type: String,
    pub size_bytes: i64,
    /// An image small enough to preview inline.
    pub previewable: bool,
}

impl From<wire::DialogAttachment> for AttachmentView {
    fn from(a: wire::DialogAttachment) -> Self {
        AttachmentView {
            id: *a.id,
            previewable: previewable(&a.file),
            filename: crate::names::safe_file_name(&a.file.filename),
            content_type: a.file.content_type.0,
            size_bytes: *a.file.size_bytes,
        }
    }
}

/// Images small enough to preview inline, in formats that carry no script.
const PREVIEWED: [&str; 4] = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const PREVIEW_MAX_BYTES: i64 = 5 * 1024 * 1024;

fn previewable(file: &wire::FileInfo) -> bool {
    PREVIEWED.contains(&file.content_type.to_ascii_lowercase().as_str()) && *file.size_bytes <= PREVIEW_MAX_BYTES
}

/// An image attachment as a `data:` address for an inline preview; `None`
/// for other files and for images too large to preview. The download link
/// is asked for each time: a link lives 15 minutes and is never kept.
pub async fn preview_attachment(session: &Session, attachment_id: i64) -> Result<Option<String>> {
    use base64::Engine;
    let client = session.client();
    let link = wire::attachment_link(client, attachment_id).await.map_err(failed(Action::LoadAttachment))?;
    if !previewable(&link.file) {
        return Ok(None);
    }
    let bytes = client.fetch_link(&link.url).await.map_err(failed(Action::LoadAttachment))?;
    let kind = link.file.content_type.to_ascii_lowercase();
    Ok(Some(format!("data:{kind};base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes))))
}

/// Saves an attachment, through a fresh download link, into the file the
/// user picked, whole or not at all; answers the bytes written.
pub async fn save_attachment(session: &Session, attachment_id: i64, path: &std::path::Path) -> Result<u64> {
    let client = session.client();
    let link = wire::attachment_link(client, attachment_id).await.map_err(failed(Action::SaveAttachment))?;
    let bytes = client.fetch_link(&link.url).await.map_err(failed(Action::SaveAttachment))?;
    crate::files::save(path, bytes, Action::SaveAttachment).await
}

/// Asks the user where to save an attachment (suggesting its name) and
/// saves it there; `None` when they cancel.
pub async fn pick_and_save_attachment(cx: &Cx<'_>, attachment_id: i64, filename: &str) -> Result<Option<u64>> {
    let session = cx.session().await?;
    let Some(path) = cx.pick_save_path(filename).await else { return Ok(None) };
    save_attachment(&session, attachment_id, &path).await.map(Some)
}
