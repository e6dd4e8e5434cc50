//! What the marketer does to a dialog besides answering it: reads it, marks
//! it unread again, closes it, opens it again. Each is one request; what the
//! session knows of the dialog follows, so it is not read again for it.

use super::known::Known;
use super::wire;
use crate::error::{failed, Result};
use crate::inbox::Action;
use crate::session::Session;
use api::dialogs::DialogStatus;
use api::loose;

/// Marks every message of the dialog read: the user has seen the thread.
pub async fn mark_read(session: &Session, dialog_id: i64) -> Result<()> {
    wire::mark_read(session.client(), dialog_id, None).await.map_err(failed(Action::MarkRead))?;
    session.state::<Known>().update_dialog(dialog_id, |d| d.unread_count = loose::Int(0));
    Ok(())
}

/// Marks the dialog's latest reply unread again.
pub async fn mark_unread(session: &Session, dialog_id: i64) -> Result<()> {
    wire::mark_unread(session.client(), dialog_id).await.map_err(failed(Action::MarkUnread))?;
    session.state::<Known>().update_dialog(dialog_id, |d| d.unread_count = loose::Int((*d.unread_count).max(1)));
    Ok(())
}

/// Closes a dialog: it leaves the open list.
pub async fn close(session: &Session, dialog_id: i64) -> Result<()> {
    wire::close(session.client(), dialog_id).await.map_err(failed(Action::CloseDialog))?;
    session.state::<Known>().update_dialog(dialog_id, |d| d.status = DialogStatus::Closed);
    Ok(())
}

/// Opens a closed dialog again.
pub async fn reopen(session: &Session, dialog_id: i64) -> Result<()> {
    wire::reopen(session.client(), dialog_id).await.map_err(failed(Action::ReopenDialog))?;
    session.state::<Known>().update_dialog(dialog_id, |d| d.status = DialogStatus::Open);
    Ok(())
}
