//! The service layer: one function per operation, named by its legacy
//! method. Both interfaces call these, so business rules, states and codes
//! are the same in each.

mod account;
pub mod automations;
mod call;
mod campaign_extras;
mod campaign_files;
pub mod campaigns;
pub mod content;
pub mod dialogs;
pub mod event_hooks;
mod event_paging;
pub mod fields;
pub mod imports;
mod lists;
mod member_queries;
mod members;
mod paging;
pub mod personalize;
mod recipients;
pub mod replies;
mod reply_words;
pub mod reports;
pub mod router;
pub mod router_mail;
mod router_rules;
mod saved_segments;
pub mod segments;
pub mod sending;
pub mod sent;
pub mod signature;
pub mod simulator;
pub mod statistics;
pub mod templates;
pub mod transactional;
pub mod validate;
pub mod workflows;

pub use call::{Call, Job, Mapping, Operation, Outcome, Paging, RouterAccess};

/// Every operation by its legacy method name.
pub fn find(method: &str) -> Option<Operation> {
    Some(match method {
        "lists.get" => lists::get,
        "lists.add" => lists::add,
        "lists.update" => lists::update,
        "lists.delete" => lists::delete,
        "lists.get_members" => member_queries::list,
        "lists.get_member" => member_queries::get,
        "lists.get_unsubscribed" => member_queries::unsubscribed,
        "lists.get_complaints" => member_queries::complaints,
        "lists.member_activity" => member_queries::activity,
        "lists.add_member" => members::add,
        "lists.add_member_batch" => members::add_batch,
        "lists.update_member" => members::update,
        "lists.delete_member" => members::delete,
        "lists.unsubscribe_member" => members::unsubscribe,
        "lists.move_member" => members::move_member,
        "lists.copy_member" => members::copy_member,
        "lists.upload" => imports::upload,
        "lists.get_import_result" => imports::result,
        "lists.get_import_history" => imports::history,
        "lists.last_status" => imports::last_status,
        "lists.clean_list" => imports::clean,
        "lists.add_merge" => fields::add,
        "lists.update_merge" => fields::update,
        "lists.delete_merge" => fields::delete,
        "members.find" => member_queries::find,
        "segments.list" => saved_segments::list,
        "segments.add" => saved_segments::add,
        "segments.get" => saved_segments::get,
        "segments.update" => saved_segments::update,
        "segments.delete" => saved_segments::delete,
        "segments.count" => saved_segments::count,
        "segments.fields" => saved_segments::fields,
        "campaigns.get" => campaigns::get,
        "campaigns.create" => campaigns::create,
        "campaigns.update" => campaigns::update,
        "campaigns.delete" => campaigns::delete,
        "campaigns.copy" => campaigns::copy,
        "campaigns.pause" => campaigns::pause,
        "campaigns.restart_paused" => campaigns::resume,
        "campaigns.resend_unopened" => campaigns::resend,
        "campaigns.attach" => campaign_files::attach,
        "campaigns.get_attachments" => campaign_files::attachments,
        "campaigns.delete_attachment" => campaign_files::delete_attachment,
        "campaigns.get_folders" => campaign_files::folders,
        "campaigns.move_to_folder" => campaign_files::move_to_folder,
        "campaigns.schedule" => campaign_extras::schedule,
        "campaigns.unschedule" => campaign_extras::unschedule,
        "campaigns.send" => campaign_extras::send,
        "campaigns.estimate" => campaign_extras::estimate,
        "campaigns.preview" => campaign_extras::preview,
        "campaigns.test" => campaign_extras::test,
        "lists.check_email" => member_queries::check_email,
        "campaigns.get_automations" => automations::list,
        "campaigns.create_auto" => automations::create,
        "campaigns.update_auto" => automations::update,
        "campaigns.delete_automation" => automations::delete,
        "campaigns.copy_automation_campaign" => automations::copy,
        "campaigns.force_auto" => automations::trigger,
        "reports.get" => reports::by_metric,
        "reports.summary" => reports::summary,
        "reports.events" => reports::events,
        "reports.clickstat" => reports::clickstat,
        "reports.userclicks" => reports::userclicks,
        "reports.bouncestat" => reports::bouncestat,
        "reports.domains" => reports::domains,
        "reports.geo" => reports::geo,
        "reports.clients" => reports::clients,
        "reports.codes" => reports::codes,
        "reports.compare" => reports::compare,
        "reports.sent" => |c, call| reports::rows(c, call, "sent"),
        "reports.delivered" => |c, call| reports::rows(c, call, "delivered"),
        "reports.opened" => |c, call| reports::rows(c, call, "opened"),
        "reports.clicked" => |c, call| reports::rows(c, call, "clicked"),
        "reports.bounced" => |c, call| reports::rows(c, call, "bounced"),
        "reports.complained" => |c, call| reports::rows(c, call, "complained"),
        "reports.unsubscribed" => |c, call| reports::rows(c, call, "unsubscribed"),
        "campaigns.get_workflows" => workflows::list,
        "workflows.get" => workflows::get,
        "automations.events" => automations::trigger_events,
        "campaigns.delete_workflow" => workflows::delete,
        "campaigns.copy_automation" => workflows::copy,
        "campaigns.get_templates" => templates::html_templates,
        "templates.get_one" => templates::html_template_by_id,
        "templates.update" => templates::update_html_template,
        "campaigns.get_saved_templates" => templates::saved,
        "campaigns.add_template" => templates::save,
        "campaigns.delete_template" => templates::delete,
        "account.get_balance" => account::balance,
        "account.get_confirmed" => account::senders,
        "account.confirm_from_email" => account::confirm_sender,
        "account.get_domains" => account::domains,
        "account.add_domain" => account::add_domain,
        "account.check_domains" => account::check_domains,
        "account.delete_domain" => account::delete_domain,
        "account.get_webhooks" => account::webhooks,
        "account.add_webhooks" => account::add_webhook,
        "account.delete_webhooks" => account::delete_webhook,
        "transactional.send" => transactional::send,
        "transactional.status" => transactional::status,
        "transactional.log" => transactional::log,
        "transactional.stats" => transactional::stats,
        "sandbox.outbox" => account::outbox,
        "router.domains" => router::domains,
        "router.add_domain" => router::add_domain,
        "router.verify_domain" => router::verify_domain,
        "router.delete_domain" => router::delete_domain,
        "router.mx" => router::mx,
        "router.routes" => router::routes,
        "router.get_route" => router::get_route,
        "router.create_route" => router::create_route,
        "router.update_route" => router::update_route,
        "router.delete_route" => router::delete_route,
        "router.rekey" => router::rekey,
        "router.reorder" => router::reorder,
        "router.messages" => router_mail::messages,
        "router.get_message" => router_mail::get_message,
        "router.delete_message" => router_mail::delete_message,
        "router.message_attachment" => router_mail::message_attachment,
        "router.deliveries" => router_mail::deliveries,
        "router.get_delivery" => router_mail::get_delivery,
        "router.settings" => router::settings,
        "router.update_settings" => router::update_settings,
        "sandbox.inbound" => router_mail::receive,
        "sandbox.reply" => replies::inject,
        "sandbox.needs_fix" => campaign_extras::return_for_changes,
        "sandbox.launches" => campaign_extras::launches,
        "sandbox.due" => campaign_extras::come_due,
        "dialogs.list" => dialogs::list,
        "dialogs.get" => dialogs::get,
        "dialogs.messages" => dialogs::messages,
        "dialogs.reply" => dialogs::reply,
        "dialogs.markRead" => dialogs::mark_read,
        "dialogs.markUnread" => dialogs::mark_unread,
        "dialogs.close" => dialogs::close,
        "dialogs.open" => dialogs::open,
        "dialogs.unreadCount" => dialogs::unread_count,
        "dialogs.attachment" => dialogs::attachment,
        _ => return None,
    })
}
