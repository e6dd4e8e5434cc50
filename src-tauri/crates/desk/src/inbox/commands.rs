//! The inbox's commands: dialogs, threads, replies and who wrote them.
//!
//! What a change drops is only what the service must be asked for again:
//! the page patches what it knows the change did (a thread marked read or
//! unread: its messages, its row, the unread counts) or what the change's
//! answer tells it (a reply comes back with its thread), so marking and
//! sending read nothing again.

crate::commands! {
    read list_dialogs(query: crate::inbox::DialogQuery) -> crate::inbox::DialogPage [Dialogs]
        => |cx| crate::inbox::dialogs(&cx.session().await?, &query).await;
    read open_thread(dialog_id: i64) -> crate::inbox::ThreadView [Thread]
        => |cx| crate::inbox::thread(&cx.session().await?, dialog_id).await;
    read show_images(dialog_id: i64, message_id: i64) -> Option<crate::inbox::MessageView> []
        => |cx| crate::inbox::message_with_images(&cx.session().await?, dialog_id, message_id).await;
    patch send_reply(dialog_id: i64, draft: crate::inbox::ReplyDraft) -> crate::inbox::SentReply [Thread, Dialogs]
        => |cx| crate::inbox::reply(&cx.session().await?, dialog_id, &draft).await;
    change close_dialog(dialog_id: i64) -> () [Dialogs, Thread, Unread]
        => |cx| crate::inbox::close(&cx.session().await?, dialog_id).await;
    change reopen_dialog(dialog_id: i64) -> () [Dialogs, Thread, Unread]
        => |cx| crate::inbox::reopen(&cx.session().await?, dialog_id).await;
    patch mark_read(dialog_id: i64) -> () [Thread, Dialogs, Unread]
        => |cx| crate::inbox::mark_read(&cx.session().await?, dialog_id).await;
    patch mark_unread(dialog_id: i64) -> () [Thread, Dialogs, Unread]
        => |cx| crate::inbox::mark_unread(&cx.session().await?, dialog_id).await;
    change mark_sender(sender: String, kind: Option<crate::inbox::triage::ReplyKind>) -> () [Dialogs, Thread]
        => |cx| crate::inbox::mark_sender(&cx.session().await?, &sender, kind);
    read unread_counts() -> crate::inbox::UnreadCounts [Unread]
        => |cx| crate::inbox::news::unread_counts(cx).await;
    read reply_sources() -> crate::inbox::ReplySources [Lists, Campaigns]
        => |cx| crate::inbox::sources(&cx.session().await?).await;
    /// What news changes: the list, and the thread it came into; the page
    /// drops them only when there is some.
    change new_replies(rose_by: u32) -> Vec<crate::inbox::news::NewReply> [Dialogs, Thread]
        => |cx| crate::inbox::news::new_replies(&cx.session().await?, rose_by).await;
    change notify(title: String, body: String) -> () []
        => |cx| { crate::inbox::news::notify(cx, &title, &body); Ok(()) };
    read replier(dialog_id: i64) -> crate::inbox::ReplierView [Subscribers]
        => |cx| crate::inbox::replier(&cx.session().await?, dialog_id).await;
    read replier_activity(dialog_id: i64) -> Vec<crate::inbox::ActivityView> [Subscribers]
        => |cx| crate::inbox::replier_activity(&cx.session().await?, dialog_id).await;
    read preview_attachment(attachment_id: i64) -> Option<String> []
        => |cx| crate::inbox::preview_attachment(&cx.session().await?, attachment_id).await;
    change save_attachment(attachment_id: i64, filename: String) -> Option<u64> []
        => |cx| crate::inbox::pick_and_save_attachment(cx, attachment_id, &filename).await;
    change unsubscribe_replier(dialog_id: i64) -> u64 [Subscribers, Lists]
        => |cx| crate::inbox::unsubscribe_replier(&cx.session().await?, dialog_id).await;
    read kept_reply_draft(dialog_id: i64) -> crate::inbox::kept::KeptReplyView [ReplyDraft]
        => |cx| Ok(crate::inbox::kept::kept_reply(&cx.session().await?, dialog_id).await);
    change keep_reply_draft(dialog_id: i64, revision: u64, draft: crate::inbox::kept::ReplyKept) -> () []
        => |cx| crate::inbox::kept::keep_reply(&cx.session().await?, dialog_id, revision, &draft).await;
    read canned_replies() -> crate::inbox::kept::CannedRepliesView [CannedReplies]
        => |cx| Ok(crate::inbox::kept::canned_replies(cx.canned_replies_file()).await);
    patch keep_canned_replies(revision: u64, replies: Vec<crate::inbox::kept::CannedReply>) -> () [CannedReplies]
        => |cx| crate::inbox::kept::keep_canned_replies(cx.canned_replies_file(), revision, &replies).await;
}

/// The inbox area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "inbox",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: super::Action::CODES,
    fields: super::Field::CODES,
    failures: crate::command::Failures::NONE,
};
