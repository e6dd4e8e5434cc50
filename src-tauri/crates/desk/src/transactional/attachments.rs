//! Files sent with a message: picked in the system's open dialog (the page
//! learns a name, a size and an id, never the path) and read when the
//! message goes, so what is sent is the file as it is then.

use super::MessageFailure;
use crate::command::Cx;
use crate::error::{DeskError, Result};
use crate::files::{file_name, Picked};
use crate::host::OpenKind;
use crate::session::{AccountDir, AreaState, Session};
use serde::Serialize;

/// Most bytes of files one message carries (as the sandbox takes them; the
/// contract names no limit).
pub const MAX_BYTES: u64 = 10 * 1024 * 1024;

/// A picked file, as the form lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AttachedFile {
    pub file_id: String,
    /// The file's name, without its folder.
    pub name: String,
    /// In bytes.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub size: u64,
}

/// The files picked for messages in this session.
#[derive(Debug, Default)]
struct Attachments(Picked);

impl AreaState for Attachments {
    fn open(_: Option<&AccountDir>) -> Self {
        Attachments::default()
    }
}

/// Asks for a file to send; `None` when the user cancels. A file larger
/// than a message can carry is refused at once.
pub async fn pick(cx: &Cx<'_>, session: &Session) -> Result<Option<AttachedFile>> {
    let picked = session.state::<Attachments>();
    let Some(path) = cx.pick_open_path(picked.0.last_folder(), OpenKind::Attachment).await else { return Ok(None) };
    let name = file_name(&path);
    let size = std::fs::metadata(&path)
        .map_err(|_| DeskError::in_area(MessageFailure::AttachmentUnreadable { name: name.clone() }))?
        .len();
    if size > MAX_BYTES {
        return Err(too_large());
    }
    Ok(Some(AttachedFile { file_id: picked.0.grant(path), name, size }))
}

fn too_large() -> DeskError {
    DeskError::in_area(MessageFailure::AttachmentsTooLarge { max_mb: (MAX_BYTES / 1024 / 1024) as u32 })
}

/// The files `ids` as they are now, in order, within [`MAX_BYTES`] together.
pub(super) async fn read(session: &Session, ids: &[String]) -> Result<Vec<api::transactional::Attachment>> {
    let picked = session.state::<Attachments>();
    let mut files = Vec::new();
    let mut total = 0u64;
    for id in ids {
        let Some(path) = picked.0.path(id) else {
            return Err(DeskError::in_area(MessageFailure::AttachmentUnreadable { name: id.clone() }));
        };
        let name = file_name(&path);
        let bytes = tokio::fs::read(&path)
            .await
            .map_err(|_| DeskError::in_area(MessageFailure::AttachmentUnreadable { name: name.clone() }))?;
        total += bytes.len() as u64;
        if total > MAX_BYTES {
            return Err(too_large());
        }
        files.push(api::transactional::Attachment { name, bytes });
    }
    Ok(files)
}

/// Grants `path` as a picked file (tests: no dialog to pick it in).
pub fn grant(session: &Session, path: std::path::PathBuf) -> String {
    session.state::<Attachments>().0.grant(path)
}
