//! Long work the page can stop.

crate::commands! {
    change cancel_work(task_id: String) -> () []
        => |cx| crate::work::cancel_work(cx, &task_id).await;
}

/// The work floor as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "work",
    kind: crate::command::AreaKind::Floor,
    commands: COMMANDS,
    actions: &[],
    fields: &[],
    failures: crate::command::Failures::NONE,
};
