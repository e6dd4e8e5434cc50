//! The campaigns' commands: the table, the editor, the launch and what follows it.

crate::commands! {
    read list_campaigns() -> crate::campaigns::CampaignsView [Campaigns]
        => |cx| crate::campaigns::all(&cx.session().await?).await;
    change copy_campaign(campaign_id: i64) -> i64 [Campaigns]
        => |cx| crate::campaigns::copy(&cx.session().await?, campaign_id).await;
    change move_campaign(campaign_id: i64, folder: crate::campaigns::FolderChoice) -> () [Campaigns]
        => |cx| crate::campaigns::move_to(&cx.session().await?, campaign_id, &folder).await;
    change delete_campaign(campaign_id: i64) -> () [Campaigns]
        => |cx| crate::campaigns::delete(&cx.session().await?, campaign_id).await;
    change create_campaign(name: String, list_id: i64) -> i64 [Campaigns]
        => |cx| crate::campaigns::create(&cx.session().await?, &name, list_id).await;
    read open_campaign(campaign_id: i64) -> crate::campaigns::EditorView [Campaign]
        => |cx| crate::campaigns::open(&cx.session().await?, campaign_id).await;
    change keep_draft(campaign_id: i64, revision: u64, draft: crate::campaigns::CampaignDraft) -> () []
        => |cx| crate::campaigns::keep_draft(&cx.session().await?, campaign_id, revision, &draft).await;
    change save_campaign(campaign_id: i64, revision: u64, draft: crate::campaigns::CampaignDraft) -> () [Campaigns, Campaign]
        => |cx| crate::campaigns::save(&cx.session().await?, campaign_id, revision, &draft).await;
    read check_campaign(draft: crate::campaigns::CampaignDraft, context: crate::letter::CheckContext) -> crate::letter::LaunchCheck []
        => |cx| crate::campaigns::check_draft(&draft, &context);
    read preview_campaign(html: String, show_images: bool) -> crate::letter::PreviewView []
        => |cx| Ok(crate::letter::preview(&html, show_images));
    read campaign_reach(campaign_id: i64) -> crate::campaigns::Reach [Campaigns, Subscribers]
        => |cx| crate::campaigns::reach(&cx.session().await?, campaign_id).await;
    change launch_campaign(campaign_id: i64, at: Option<String>) -> () [Campaigns, Campaign]
        => |cx| crate::campaigns::launch(&cx.session().await?, campaign_id, at.as_deref()).await;
    read text_from_html(html: String) -> String []
        => |cx| Ok(crate::letter::text_from_html(&html));
    change send_test(campaign_id: i64, emails: Vec<String>) -> i64 []
        => |cx| crate::campaigns::send_test(&cx.session().await?, campaign_id, &emails).await;
    change pause_campaign(campaign_id: i64) -> () [Campaigns, Campaign]
        => |cx| crate::campaigns::pause(&cx.session().await?, campaign_id).await;
    change resume_campaign(campaign_id: i64) -> () [Campaigns, Campaign]
        => |cx| crate::campaigns::resume(&cx.session().await?, campaign_id).await;
    change unschedule_campaign(campaign_id: i64) -> () [Campaigns, Campaign]
        => |cx| crate::campaigns::unschedule(&cx.session().await?, campaign_id).await;
    read campaign_still_to_reach(campaign_id: i64) -> crate::campaigns::Reach [Campaigns, Subscribers]
        => |cx| crate::campaigns::still_to_reach(&cx.session().await?, campaign_id).await;
    read campaign_unopened(campaign_id: i64) -> i64 [Campaigns]
        => |cx| crate::campaigns::unopened(&cx.session().await?, campaign_id).await;
    change resend_unopened(campaign_id: i64) -> i64 [Campaigns]
        => |cx| crate::campaigns::resend_unopened(&cx.session().await?, campaign_id).await;
    read preview_campaign_as(campaign_id: i64, email: String, show_images: bool) -> Option<crate::letter::PreviewView> [Campaigns, Subscribers]
        => |cx| crate::campaigns::preview_as(&cx.session().await?, campaign_id, &email, show_images).await;
    read campaign_attachments(campaign_id: i64) -> Vec<crate::campaigns::CampaignFile> [Attachments]
        => |cx| crate::campaigns::attachments(&cx.session().await?, campaign_id).await;
    change attach_file(campaign_id: i64, url: String, name: String) -> i64 [Attachments]
        => |cx| crate::campaigns::attach(&cx.session().await?, campaign_id, &url, &name).await;
    change detach_file(campaign_id: i64, attachment_id: i64) -> () [Attachments]
        => |cx| crate::campaigns::detach(&cx.session().await?, campaign_id, attachment_id).await;
    read suggest_send_hour(list_ids: Vec<i64>) -> Option<crate::campaigns::BestHour> [Campaigns]
        => |cx| crate::campaigns::suggest_hour(&cx.session().await?, &list_ids).await;
}

/// The campaigns area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "campaigns",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: super::Action::CODES,
    fields: super::Field::CODES,
    failures: crate::command::Failures::NONE,
};
