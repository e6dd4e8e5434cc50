//! The transactional mail's commands.

crate::commands! {
    change send_message(form: crate::transactional::MessageForm) -> crate::transactional::SentMessage [Messages, Account]
        => |cx| crate::transactional::send(&cx.session().await?, &form).await;
    read message_log(recipient: Option<String>, outcome: Option<crate::transactional::MessageOutcome>, start: u64) -> crate::transactional::MessageLog [Messages]
        => |cx| crate::transactional::log(&cx.session().await?, recipient.as_deref(), outcome, start).await;
    read message_now(transaction_id: String) -> crate::transactional::MessageRow [Messages]
        => |cx| crate::transactional::message_now(&cx.session().await?, &transaction_id).await;
    /// The last `days` days beside the days before them, and their chart.
    read message_period(days: u32, theme: crate::chart_view::ChartTheme, words: crate::transactional::PeriodWords) -> crate::transactional::MessagePeriod [Messages]
        => |cx| crate::transactional::period(&cx.session().await?, days, theme, &words).await;
    /// The system's open dialog: the page learns the file's name, size and an id, never its path.
    change pick_message_attachment() -> Option<crate::transactional::AttachedFile> []
        => |cx| crate::transactional::attachments::pick(cx, &cx.session().await?).await;
}

/// The transactional area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "transactional",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: super::Action::CODES,
    fields: super::Field::CODES,
    failures: crate::failures!(super::MessageFailure),
};
