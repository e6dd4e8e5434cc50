//! The lists' commands.

crate::commands! {
    read list_lists() -> Vec<crate::lists::ListSummary> [Lists]
        => |cx| crate::lists::all(&cx.session().await?).await;
    read get_list(list_id: i64) -> crate::lists::ListDetail [Lists]
        => |cx| crate::lists::detail(&cx.session().await?, list_id).await;
    change create_list(name: String) -> i64 [Lists]
        => |cx| crate::lists::create(&cx.session().await?, &name).await;
    change rename_list(list_id: i64, name: String) -> () [Lists]
        => |cx| crate::lists::rename(&cx.session().await?, list_id, &name).await;
    change edit_list(list_id: i64, form: crate::lists::ListForm) -> () [Lists]
        => |cx| crate::lists::edit_list(&cx.session().await?, list_id, &form).await;
    change delete_list(list_id: i64) -> () [Lists, Subscribers]
        => |cx| crate::lists::delete(&cx.session().await?, list_id).await;
    change add_subscriber(list_id: i64, form: crate::lists::SubscriberForm) -> i64 [Subscribers, Lists]
        => |cx| crate::lists::add_subscriber(&cx.session().await?, list_id, &form).await;
    change edit_subscriber(list_id: i64, form: crate::lists::SubscriberForm) -> () [Subscribers]
        => |cx| crate::lists::edit_subscriber(&cx.session().await?, list_id, &form).await;
    change unsubscribe_subscriber(who: crate::lists::SubscriberRef) -> () [Subscribers, Lists]
        => |cx| crate::lists::subscriber::unsubscribe(&cx.session().await?, &who).await;
    change delete_subscriber(who: crate::lists::SubscriberRef) -> () [Subscribers, Lists]
        => |cx| crate::lists::subscriber::delete(&cx.session().await?, &who).await;
    change move_subscriber(who: crate::lists::SubscriberRef, to_list_id: i64) -> () [Subscribers, Lists]
        => |cx| crate::lists::subscriber::move_to(&cx.session().await?, &who, to_list_id).await;
    change copy_subscriber(who: crate::lists::SubscriberRef, to_list_id: i64) -> i64 [Subscribers, Lists]
        => |cx| crate::lists::subscriber::copy_to(&cx.session().await?, &who, to_list_id).await;
    change add_field(list_id: i64, form: crate::lists::FieldForm) -> u8 [Lists]
        => |cx| crate::lists::add_field(&cx.session().await?, list_id, &form).await;
    change edit_field(list_id: i64, field_id: u8, form: crate::lists::FieldForm) -> () [Lists, Subscribers]
        => |cx| crate::lists::edit_field(&cx.session().await?, list_id, field_id, &form).await;
    change delete_field(list_id: i64, field_id: u8) -> () [Lists, Subscribers]
        => |cx| crate::lists::delete_field(&cx.session().await?, list_id, field_id).await;
    /// On this computer, as the name is typed: nothing is sent.
    read check_variable(variable: String, taken: Vec<String>) -> Option<crate::error::VariableProblem> []
        => |_cx| Ok::<_, crate::DeskError>(crate::lists::variable_problem(&variable, &taken));
    /// On this computer, as the address is typed: nothing is sent.
    read check_address(address: String) -> crate::lists::AddressCheck []
        => |_cx| Ok::<_, crate::DeskError>(crate::lists::check_address(&address));
    read subscribers_across_lists(who: crate::lists::AcrossLists, start: u64, limit: u64) -> crate::lists::SubscriberPage [Subscribers]
        => |cx| crate::lists::across_lists(&cx.session().await?, who, start, limit).await;
    read find_address(email: String) -> Vec<crate::lists::AddressRecord> [Subscribers]
        => |cx| crate::lists::find_address(&cx.session().await?, &email).await;
    read list_subscribers(query: crate::lists::SubscriberQuery) -> crate::lists::SubscriberPage [Subscribers]
        => |cx| crate::lists::subscribers(&cx.session().await?, &query).await;
    read saved_segments(list_id: Option<i64>) -> crate::lists::SavedSegments [Segments]
        => |cx| crate::lists::saved_segments(&cx.session().await?, list_id).await;
    read count_segment(list_id: i64, which: crate::lists::ListSegment) -> Option<crate::lists::SegmentCount> [Segments, Subscribers]
        => |cx| crate::lists::count_segment(&cx.session().await?, list_id, &which).await;
    change save_segment(list_id: i64, name: String, segment: crate::letter::Segment) -> crate::lists::SavedSegmentView [Segments]
        => |cx| crate::lists::save_segment(&cx.session().await?, list_id, &name, &segment).await;
    change edit_segment(segment_id: i64, name: Option<String>, segment: Option<crate::letter::Segment>) -> crate::lists::SavedSegmentView [Segments, Subscribers]
        => |cx| crate::lists::edit_segment(&cx.session().await?, segment_id, name.as_deref(), segment.as_ref()).await;
    change delete_segment(segment_id: i64) -> () [Segments]
        => |cx| crate::lists::delete_segment(&cx.session().await?, segment_id).await;
    read subscriber_card(list_id: i64, email: String) -> crate::lists::SubscriberCard [Subscribers]
        => |cx| crate::lists::subscriber_card(&cx.session().await?, list_id, &email).await;
    change export_subscribers(request: crate::lists::SubscriberExport, task_id: String, on_progress: crate::command::Updates<crate::work::Progress>) -> Option<u64> []
        => |cx| {
            let send = cx.updates(&on_progress);
            crate::lists::export_subscribers(cx, &cx.session().await?, &request, &task_id, send).await
        };
    /// Made to exactly the `confirmed` subscribers: another number found
    /// changes nothing and answers `chosenChanged` with the number found,
    /// which the page asks about again.
    change change_subscribers(which: crate::lists::Chosen, action: crate::lists::BulkAction, confirmed: u64, task_id: String, on_progress: crate::command::Updates<crate::work::Progress>) -> crate::lists::BulkOutcome [Subscribers, Lists, Changes]
        => |cx| {
            let send = cx.updates(&on_progress);
            crate::lists::change_subscribers(cx, &cx.session().await?, &which, action, confirmed, &task_id, send).await
        };
    /// Changes of many the app's end interrupted, from their journals.
    read interrupted_changes() -> Vec<crate::lists::InterruptedChange> [Changes]
        => |cx| Ok::<_, crate::DeskError>(crate::lists::interrupted_changes(&cx.session().await?));
    change dismiss_interrupted_change(id: String) -> () [Changes]
        => |cx| crate::lists::dismiss_interrupted_change(&cx.session().await?, &id);
}

/// The lists area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "lists",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: super::Action::CODES,
    fields: super::Field::CODES,
    failures: crate::failures!(super::ListsFailure),
};
