//! A list's details: its name and the contact data printed in the footer
//! of every letter to it (company, address, phone, site, the abuse contact),
//! read with the list and saved together. The abuse address is checked as
//! an address before anything is sent; a save whose answer was lost is
//! settled by reading the list back. The service changes only the values
//! sent and takes an empty one as not sent: a value is replaced, never
//! emptied.

use super::{list_name, Action, Field};
use crate::address::{Judge, Verdict};
use crate::error::{failed, DeskError, Result};
use crate::session::Session;
use api::lists::{List, ListChanges, ListContact};
use api::loose::MaybeText;
use serde::{Deserialize, Serialize};

/// The contact data of a list; an empty value is none.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ContactView {
    pub company: String,
    pub address: String,
    pub city: String,
    pub zip: String,
    pub country: String,
    pub phone: String,
    pub url: String,
    pub abuse_name: String,
    pub abuse_email: String,
}

impl ContactView {
    fn values(&self) -> [&str; 9] {
        [
            &self.company,
            &self.address,
            &self.city,
            &self.zip,
            &self.country,
            &self.phone,
            &self.url,
            &self.abuse_name,
            &self.abuse_email,
        ]
    }

    /// Whether every value `sent` holds is here.
    fn holds(&self, sent: &ContactView) -> bool {
        self.values().iter().zip(sent.values()).all(|(have, sent)| sent.trim().is_empty() || *have == sent.trim())
    }
}

impl From<&List> for ContactView {
    fn from(list: &List) -> Self {
        let c = &list.contact;
        ContactView {
            company: c.company.or_empty(),
            address: c.address.or_empty(),
            city: c.city.or_empty(),
            zip: c.zip.or_empty(),
            country: c.country.or_empty(),
            phone: c.phone.or_empty(),
            url: c.url.or_empty(),
            abuse_name: c.abuse_name.or_empty(),
            abuse_email: c.abuse_email.or_empty(),
        }
    }
}

/// A list's details as their form makes them.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ListForm {
    pub name: String,
    pub contact: ContactView,
}

/// What is sent: the values given, trimmed.
fn changes(form: &ListForm) -> Result<ListChanges> {
    let name = list_name(&form.name)?;
    let c = &form.contact;
    let abuse_email = c.abuse_email.trim();
    if !abuse_email.is_empty() && matches!(Judge::default().judge(abuse_email), Verdict::Invalid) {
        return Err(DeskError::NotAnAddress { field: Field::AbuseEmail.into() });
    }
    let text = |value: &str| MaybeText(Some(value.trim().to_string()).filter(|v| !v.is_empty()));
    let contact = ListContact {
        company: text(&c.company),
        abuse_name: text(&c.abuse_name),
        abuse_email: text(abuse_email),
        phone: text(&c.phone),
        address: text(&c.address),
        city: text(&c.city),
        zip: text(&c.zip),
        country: text(&c.country),
        url: text(&c.url),
    };
    Ok(ListChanges { name: Some(name), contact })
}

/// Saves a list's name and contact data.
pub async fn edit_list(session: &Session, list_id: i64, form: &ListForm) -> Result<()> {
    let changes = changes(form)?;
    let name = changes.name.clone().unwrap_or_default();
    let client = session.client();
    let sent = api::lists::update(client, list_id, &changes).await.map_err(failed(Action::EditList));
    let found = async {
        let list = api::lists::get(client, list_id).await.ok()?;
        (*list.name == name && ContactView::from(&list).holds(&form.contact)).then_some(())
    };
    crate::settle::settled(sent, found).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_is_sent_trimmed_and_a_bad_abuse_address_is_refused_first() {
        let form = |abuse_email: &str| ListForm {
            name: " Клуб ".into(),
            contact: ContactView {
                company: " Кофейня «Зерно» ".into(),
                abuse_email: abuse_email.into(),
                ..ContactView::default()
            },
        };
        let sent = changes(&form(" abuse@zerno.ru ")).unwrap();
        assert_eq!(sent.name.as_deref(), Some("Клуб"));
        assert_eq!(sent.contact.company.0.as_deref(), Some("Кофейня «Зерно»"));
        assert_eq!(sent.contact.abuse_email.0.as_deref(), Some("abuse@zerno.ru"));
        assert_eq!(sent.contact.city.0, None, "an empty value is not sent");
        assert_eq!(changes(&form("abuse@")).unwrap_err(), DeskError::NotAnAddress { field: Field::AbuseEmail.into() });
    }
}
