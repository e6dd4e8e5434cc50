//! The templates' commands.

crate::commands! {
    read list_templates() -> Vec<crate::templates::TemplateView> [Templates]
        => |cx| crate::templates::all(&cx.session().await?).await;
    change create_template(name: String, source: crate::templates::TemplateSource) -> i64 [Templates]
        => |cx| crate::templates::create(&cx.session().await?, &name, &source).await;
    change rename_template(kind: crate::templates::TemplateKind, id: i64, name: String) -> () [Templates]
        => |cx| crate::templates::rename(&cx.session().await?, kind, id, &name).await;
    change save_template_layout(kind: crate::templates::TemplateKind, id: i64, html: String, blocks: Option<crate::letter::blocks::BlockLetter>) -> () [Templates]
        => |cx| crate::templates::save_layout(&cx.session().await?, kind, id, &html, blocks.as_ref()).await;
    change delete_template(kind: crate::templates::TemplateKind, id: i64) -> () [Templates]
        => |cx| crate::templates::delete(&cx.session().await?, kind, id).await;
    change campaign_from_template(kind: crate::templates::TemplateKind, id: i64, name: String, list_id: i64) -> i64 [Campaigns]
        => |cx| crate::templates::new_campaign(&cx.session().await?, kind, id, &name, list_id).await;
}

/// The templates area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "templates",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: super::Action::CODES,
    fields: super::Field::CODES,
    failures: crate::command::Failures::NONE,
};
