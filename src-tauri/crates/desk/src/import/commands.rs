//! The imports' commands.

crate::commands! {
    /// The system's open dialog: the page learns the file's name and an id, never its path.
    change pick_import_file() -> Option<crate::files::PickedFile> []
        => |cx| Ok::<_, crate::DeskError>(crate::import::pick(cx, &cx.session().await?).await);
    /// `reading`: what the marketer corrected of the app's guess (encoding, delimiter, header, sheet).
    read inspect_import(list_id: i64, file_id: String, reading: crate::import::Reading) -> crate::import::ImportPreview [Imports]
        => |cx| crate::import::inspect_as(&cx.session().await?, list_id, &file_id, &reading).await;
    change start_import(plan: crate::import::ImportPlan, on_progress: crate::command::Updates<crate::import::ImportProgress>) -> crate::import::ImportRecord [Imports, Subscribers, Lists]
        => |cx| {
            let send = cx.updates(&on_progress);
            crate::import::start(&cx.session().await?, &plan, crate::import::Tuning::default(), send).await
        };
    change resume_import(import_id: String, on_progress: crate::command::Updates<crate::import::ImportProgress>) -> crate::import::ImportRecord [Imports, Subscribers, Lists]
        => |cx| {
            let send = cx.updates(&on_progress);
            crate::import::resume(&cx.session().await?, &import_id, crate::import::Tuning::default(), send).await
        };
    change pause_import(import_id: String) -> () []
        => |cx| Ok::<_, crate::DeskError>(crate::import::pause(&cx.session().await?, &import_id));
    change cancel_import(import_id: String) -> () [Imports]
        => |cx| crate::import::cancel(&cx.session().await?, &import_id);
    read list_imports(list_id: Option<i64>) -> Vec<crate::import::ImportRecord> [Imports]
        => |cx| Ok::<_, crate::DeskError>(crate::import::records(&cx.session().await?, list_id));
    change save_import_errors(of: crate::import::ErrorsOf, words: crate::import::ErrorFileWords, separator: crate::export::CsvSeparator) -> Option<u64> []
        => |cx| crate::import::save_errors(cx, &cx.session().await?, &of, &words, separator).await;
    change import_from_address(list_id: i64, form: crate::import::AddressImportForm, on_progress: crate::command::Updates<crate::import::ServiceImport>) -> crate::import::ServiceImport [Imports, Subscribers, Lists]
        => |cx| {
            let send = cx.updates(&on_progress);
            crate::import::import_from_address(&cx.session().await?, list_id, &form, send).await
        };
    read service_imports(list_id: i64) -> Vec<crate::import::ServiceImport> [Imports]
        => |cx| crate::import::service_imports(&cx.session().await?, list_id).await;
    change clean_list(list_id: i64) -> u64 [Subscribers, Lists]
        => |cx| crate::import::clean_list(&cx.session().await?, list_id).await;
}

/// The lists' import as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "import",
    kind: crate::command::AreaKind::PartOf("lists"),
    commands: COMMANDS,
    actions: super::Action::CODES,
    fields: super::Field::CODES,
    failures: crate::failures!(super::ImportFailure),
};
