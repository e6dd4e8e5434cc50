//! The Automations area: letters that send themselves when a subscriber
//! does something (joins, opens, clicks, changes a field), after a delay;
//! their workflows; editing them with the letter's check, as the campaign
//! editor does; copying, deleting and sending one by hand to a subscriber.

mod commands;

pub use commands::AREA;

mod editor;
mod events;
mod failures;
mod listing;
mod moderation;
mod workflows;

pub use editor::{check, create, keep_draft, open, save, AutomationEditor, AutomationForm, CampaignChoice};
pub use events::{Delay, DelayUnit, TriggerEvent};
pub use failures::AutomationsFailure;
pub use listing::{all, copy, delete, trigger, AutomationRow, AutomationState, AutomationsView, WorkflowRow};
pub use moderation::Moderation;
pub use workflows::{copy_workflow, delete_workflow};

crate::codes! {
    /// What the user was doing in the automations, when something failed.
    pub enum Action: Action { LoadAutomations, LoadAutomation, CreateAutomation, SaveAutomation, CopyAutomation, DeleteAutomation, TriggerAutomation, CopyWorkflow, DeleteWorkflow }
    /// A field of the automations' forms, named when its value is refused.
    pub enum Field: FormField { AutomationName, TriggerEvents, WatchedCampaigns, WatchedFields, SendingHours, TriggerAddress }
}
pub(crate) use moderation::{forget_learnt, Moderations};
