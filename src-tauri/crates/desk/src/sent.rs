//! The campaigns that went out, and the name a campaign is shown by: what
//! the reports list, the inbox files replies under, and the campaigns
//! table and automations name alike.

use crate::listings::{self, Fresh};
use crate::session::Session;
use api::campaigns::Campaign;

/// A campaign's name as the app shows it: its name, else its subject, else
/// its number.
pub(crate) fn display_name(c: &Campaign) -> String {
    c.name.0.clone().or(c.subject.0.clone()).unwrap_or_else(|| format!("#{}", *c.id))
}

/// Whether a campaign went out (to anyone).
pub(crate) fn went_out(c: &Campaign) -> bool {
    *c.emails_sent > 0
}

/// The campaigns that went out, newest first, from a listing as `fresh` as asked.
pub(crate) async fn sent_campaigns(session: &Session, fresh: Fresh) -> api::Result<Vec<Campaign>> {
    let all = listings::campaigns(session, fresh).await?;
    Ok(all.into_iter().filter(went_out).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn campaign(name: Option<&str>, subject: Option<&str>) -> Campaign {
        serde_json::from_value(serde_json::json!({"id": 42, "status": "sent", "name": name, "subject": subject}))
            .unwrap()
    }

    #[test]
    fn a_campaign_is_shown_by_its_name_else_its_subject_else_its_number() {
        assert_eq!(display_name(&campaign(Some("Весна"), Some("Скидки"))), "Весна");
        assert_eq!(display_name(&campaign(None, Some("Скидки"))), "Скидки");
        assert_eq!(display_name(&campaign(None, None)), "#42");
    }
}
