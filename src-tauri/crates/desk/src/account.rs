//! The Account area: what the service account itself holds. Its balance
//! and plan limits; the sender addresses it may send from, each confirmed
//! by a code the service mails to it; the sending domains, with the DNS
//! records to publish and the check that finds them; the webhooks the
//! service calls on mass and transactional events.
//!
//! Every change here settles a lost answer by reading back what it was to
//! make (`settle`): the service shows a sender, a domain or a webhook, or
//! it does not.

mod commands;
mod delivery;
mod failures;
mod webhooks;

pub use commands::AREA;
pub use delivery::{test_webhook, DeliveryView};
pub use failures::AccountFailure;
pub use webhooks::{delete_webhook, set_webhook, webhooks, WebhookFor, WebhookView, WebhooksView};

use crate::address::{Judge, Verdict};
use crate::desk::BalanceView;
use crate::error::{failed, DeskError, Result};
use crate::session::Session;
use crate::settle::settled;
use api::account::Domain;
use serde::Serialize;

crate::codes! {
    /// What the user was doing in the account, when something failed.
    pub enum Action: Action {
        LoadAccount, RequestSenderCode, ConfirmSender, AddDomain, CheckDomains, DeleteDomain,
        LoadWebhooks, SetWebhook, DeleteWebhook, TestWebhook
    }
    /// A field of the account's forms, named when its value is refused.
    pub enum Field: FormField { SenderAddress, ConfirmationCode, DomainName, WebhookUrl }
}

/// A sender address and whether the service has confirmed it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SenderView {
    pub email: String,
    pub confirmed: bool,
}

/// A DNS record the domain's owner publishes, as the service issued it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DnsRecordView {
    /// `TXT`, `CNAME`, `MX`…
    pub kind: String,
    pub host: String,
    pub value: String,
    /// What the record is for, read from its value.
    pub purpose: RecordPurpose,
}

/// What a DNS record proves, so the page can say it in plain words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum RecordPurpose {
    /// SPF: which servers may send the domain's mail.
    Spf,
    /// DKIM: the key the service signs the domain's mail with.
    Dkim,
    /// DMARC: what receivers do with mail that fails both.
    Dmarc,
    Other,
}

impl RecordPurpose {
    fn of(host: &str, value: &str) -> Self {
        let value = value.trim_start().to_ascii_lowercase();
        if value.starts_with("v=spf1") {
            RecordPurpose::Spf
        } else if value.starts_with("v=dkim1") || host.to_ascii_lowercase().contains("._domainkey.") {
            RecordPurpose::Dkim
        } else if value.starts_with("v=dmarc1") || host.to_ascii_lowercase().starts_with("_dmarc.") {
            RecordPurpose::Dmarc
        } else {
            RecordPurpose::Other
        }
    }
}

/// A sending domain: verified once the service's check found its records.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DomainView {
    pub domain: String,
    pub verified: bool,
    pub records: Vec<DnsRecordView>,
    /// When the service last looked its records up (the service's time); `None`: never.
    pub checked: Option<String>,
}

impl From<Domain> for DomainView {
    fn from(d: Domain) -> Self {
        let checked = d.checked.0.as_deref().filter(|s| !s.trim().is_empty());
        DomainView {
            domain: d.domain.0.trim().to_lowercase(),
            verified: *d.valid,
            checked: crate::views::service_time(checked),
            records: d
                .records
                .into_iter()
                .map(|r| DnsRecordView {
                    purpose: RecordPurpose::of(&r.host, &r.value),
                    kind: r.kind.0,
                    host: r.host.0,
                    value: r.value.0,
                })
                .collect(),
        }
    }
}

/// The account as its page shows it: money and limits, senders, domains.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AccountOverview {
    pub balance: BalanceView,
    pub senders: Vec<SenderView>,
    pub domains: Vec<DomainView>,
}

/// The balance, the senders and the domains, read side by side.
pub async fn overview(session: &Session) -> Result<AccountOverview> {
    let client = session.client();
    let (balance, senders, domains) =
        tokio::join!(api::account::balance(client), api::account::senders(client), api::account::domains(client));
    let load = || failed(Action::LoadAccount);
    Ok(AccountOverview {
        balance: balance.map_err(load())?.into(),
        senders: senders.map_err(load())?.into_iter().map(sender_view).collect(),
        domains: domains.map_err(load())?.into_iter().map(DomainView::from).collect(),
    })
}

fn sender_view(s: api::account::Sender) -> SenderView {
    SenderView { email: s.email.0.trim().to_string(), confirmed: *s.confirmed }
}

/// The sender addresses alone: one request, for a form that offers them.
pub async fn senders(session: &Session) -> Result<Vec<SenderView>> {
    let senders = api::account::senders(session.client()).await.map_err(failed(Action::LoadAccount))?;
    Ok(senders.into_iter().map(sender_view).collect())
}

/// What the service's refusals of these forms mean, in the area's codes.
fn refusal(action: Action) -> impl Fn(api::Error) -> DeskError {
    move |err| {
        let code = match &err {
            api::Error::Service(e) => Some(e.code),
            _ => None,
        };
        match code {
            Some(52) => DeskError::in_area(AccountFailure::CodeWrong),
            Some(54) => DeskError::in_area(AccountFailure::DomainInvalid),
            Some(55) => DeskError::in_area(AccountFailure::DomainPublic),
            Some(56) => DeskError::in_area(AccountFailure::DomainTaken),
            _ => DeskError::from_api(err, action),
        }
    }
}

/// A sender address as typed, refused when it is none.
fn sender_address(email: &str) -> Result<String> {
    let email = email.trim();
    if email.is_empty() {
        return Err(DeskError::Required { field: Field::SenderAddress.into() });
    }
    if matches!(Judge::default().judge(email), Verdict::Invalid) {
        return Err(DeskError::NotAnAddress { field: Field::SenderAddress.into() });
    }
    Ok(email.to_string())
}

/// The sender as the service lists it now; `None` when it cannot be read.
async fn sender_now(session: &Session, email: &str) -> Option<Option<SenderView>> {
    let senders = api::account::senders(session.client()).await.ok()?;
    Some(
        senders
            .into_iter()
            .find(|s| s.email.trim().eq_ignore_ascii_case(email))
            .map(|s| SenderView { email: s.email.0, confirmed: *s.confirmed }),
    )
}

/// Asks the service to mail a confirmation code to `email`; it then shows
/// among the senders, not yet confirmed.
pub async fn request_sender_code(session: &Session, email: &str) -> Result<()> {
    let email = sender_address(email)?;
    let sent =
        api::account::request_sender_code(session.client(), &email).await.map_err(refusal(Action::RequestSenderCode));
    let found = async { sender_now(session, &email).await.flatten().map(|_| ()) };
    settled(sent, found).await
}

/// Confirms `email` with the code mailed to it.
pub async fn confirm_sender(session: &Session, email: &str, code: &str) -> Result<()> {
    let email = sender_address(email)?;
    let code = code.trim();
    if code.is_empty() {
        return Err(DeskError::Required { field: Field::ConfirmationCode.into() });
    }
    let sent =
        api::account::confirm_sender(session.client(), &email, code).await.map_err(refusal(Action::ConfirmSender));
    let found = async { sender_now(session, &email).await.flatten().filter(|s| s.confirmed).map(|_| ()) };
    settled(sent, found).await
}

/// In the demo workspace, the code its service mailed to `email` last: the
/// demo's mail reaches no mailbox, so the page shows it where a person
/// would read their mail. `None` for any other account, or before a code.
pub async fn demo_mailed_code(session: &Session, email: &str) -> Result<Option<String>> {
    if !session.is_demo() {
        return Ok(None);
    }
    let mailed = api::sandbox::outbox(session.client()).await.map_err(failed(Action::LoadAccount))?;
    Ok(mailed.into_iter().find(|m| m.to.trim().eq_ignore_ascii_case(email.trim())).and_then(|m| code_in(&m.body)))
}

/// The first run of six digits in a letter.
fn code_in(body: &str) -> Option<String> {
    body.split(|c: char| !c.is_ascii_digit()).find(|run| run.len() == 6).map(str::to_string)
}

fn domain_name(typed: &str) -> Result<String> {
    crate::form::domain(typed, Field::DomainName)
}

async fn domains_now(session: &Session) -> Option<Vec<Domain>> {
    api::account::domains(session.client()).await.ok()
}

/// Adds a sending domain; answers it with the records to publish.
pub async fn add_domain(session: &Session, domain: &str) -> Result<DomainView> {
    let name = domain_name(domain)?;
    let sent = api::account::add_domain(session.client(), &name).await.map_err(refusal(Action::AddDomain));
    let found = async { domains_now(session).await?.into_iter().find(|d| d.domain.trim().eq_ignore_ascii_case(&name)) };
    settled(sent, found).await.map(DomainView::from)
}

/// Asks the service to look every domain's records up now.
pub async fn check_domains(session: &Session) -> Result<Vec<DomainView>> {
    let checked = api::account::check_domains(session.client()).await.map_err(failed(Action::CheckDomains))?;
    Ok(checked.into_iter().map(DomainView::from).collect())
}

/// Removes a sending domain: mail from it stops going out.
pub async fn delete_domain(session: &Session, domain: &str) -> Result<()> {
    let name = domain_name(domain)?;
    let sent = api::account::delete_domain(session.client(), &name).await.map_err(failed(Action::DeleteDomain));
    let found = async {
        let domains = domains_now(session).await?;
        domains.iter().all(|d| !d.domain.trim().eq_ignore_ascii_case(&name)).then_some(())
    };
    settled(sent, found).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_says_what_it_proves_by_its_value_or_its_host() {
        assert_eq!(RecordPurpose::of("shop.ru", "v=spf1 include:_spf.example ~all"), RecordPurpose::Spf);
        assert_eq!(RecordPurpose::of("mail._domainkey.shop.ru", "k=rsa; p=AAA"), RecordPurpose::Dkim);
        assert_eq!(RecordPurpose::of("x.shop.ru", " V=DKIM1; k=rsa"), RecordPurpose::Dkim);
        assert_eq!(RecordPurpose::of("_dmarc.shop.ru", "v=DMARC1; p=none"), RecordPurpose::Dmarc);
        assert_eq!(RecordPurpose::of("shop.ru", "google-site-verification=1"), RecordPurpose::Other);
    }

    #[test]
    fn a_domain_is_taken_as_typed_or_from_an_address_and_an_empty_one_is_refused() {
        assert_eq!(domain_name(" Shop.RU. ").unwrap(), "shop.ru");
        assert_eq!(domain_name("news@Shop.ru").unwrap(), "shop.ru");
        assert_eq!(domain_name("  "), Err(DeskError::Required { field: Field::DomainName.into() }));
    }

    #[test]
    fn a_mailed_code_is_its_six_digits() {
        assert_eq!(code_in("Your confirmation code is 042917."), Some("042917".into()));
        assert_eq!(code_in("Ref 12: code 123456, valid 24 h"), Some("123456".into()));
        assert_eq!(code_in("no code"), None);
    }

    #[test]
    fn a_sender_must_be_an_address() {
        assert_eq!(sender_address(" news@shop.ru ").unwrap(), "news@shop.ru");
        assert_eq!(sender_address("news@"), Err(DeskError::NotAnAddress { field: Field::SenderAddress.into() }));
    }
}
