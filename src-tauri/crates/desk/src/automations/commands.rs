//! The automations' commands.

crate::commands! {
    read list_automations() -> crate::automations::AutomationsView [Automations]
        => |cx| crate::automations::all(&cx.session().await?).await;
    read open_automation(id: Option<i64>) -> crate::automations::AutomationEditor [Automation]
        => |cx| crate::automations::open(&cx.session().await?, id).await;
    read check_automation(form: crate::automations::AutomationForm, context: crate::letter::CheckContext) -> crate::letter::LaunchCheck []
        => |cx| crate::automations::check(&form, &context);
    change create_automation(revision: u64, form: crate::automations::AutomationForm) -> i64 [Automations, Automation]
        => |cx| crate::automations::create(&cx.session().await?, revision, &form).await;
    change save_automation(id: i64, revision: u64, form: crate::automations::AutomationForm) -> () [Automations, Automation]
        => |cx| crate::automations::save(&cx.session().await?, id, revision, &form).await;
    change copy_automation(id: i64) -> i64 [Automations]
        => |cx| crate::automations::copy(&cx.session().await?, id).await;
    change delete_automation(id: i64) -> () [Automations, Automation]
        => |cx| crate::automations::delete(&cx.session().await?, id).await;
    change copy_workflow(id: i64) -> i64 [Automations]
        => |cx| crate::automations::copy_workflow(&cx.session().await?, id).await;
    change delete_workflow(id: i64) -> () [Automations, Automation]
        => |cx| crate::automations::delete_workflow(&cx.session().await?, id).await;
    change trigger_automation(id: i64, email: String) -> () [Automations]
        => |cx| crate::automations::trigger(&cx.session().await?, id, &email).await;
    change keep_automation_draft(id: Option<i64>, revision: u64, form: crate::automations::AutomationForm) -> () []
        => |cx| crate::automations::keep_draft(&cx.session().await?, id, revision, &form).await;
}

/// The automations area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "automations",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: super::Action::CODES,
    fields: super::Field::CODES,
    failures: crate::failures!(super::AutomationsFailure),
};
