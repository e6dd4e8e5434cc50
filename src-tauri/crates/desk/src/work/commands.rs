//! Long work the page can stop.

crate::commands! {
    change cancel_work(task_id: String) -> () []
        => |cx| cx.desk().cancel_work(&task_id).await;
}
