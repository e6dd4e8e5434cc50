//! What kind of reply a message is, from its subject, sender and text, in
//! Russian and English: a campaign to a large list brings hundreds of
//! out-of-office answers for every reply a person wrote. Hiding a person's
//! reply is the costly mistake, so an auto-reply needs a strong sign (a
//! machine's sender, an auto-reply's subject, an auto-reply's sentence); a
//! message that only looks a little like one is left to the marketer.

use serde::Serialize;

/// A reply's kind, as its tag shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ReplyKind {
    /// Written by a person: comes first.
    Human,
    /// Out of office, on vacation, "message received".
    AutoReply,
    /// A delivery failure notice from a mail server.
    Failure,
    /// Asks to be taken off the list.
    Unsubscribe,
    /// Calls the mail spam or unwanted.
    Complaint,
}

impl ReplyKind {
    /// Whether the inbox folds this kind away from the replies people wrote.
    pub fn folds(self) -> bool {
        matches!(self, ReplyKind::AutoReply | ReplyKind::Failure)
    }
}

/// Senders that are mail servers, not people.
const FAILURE_SENDERS: [&str; 4] = ["mailer-daemon", "postmaster@", "mail delivery", "mailerdaemon"];
const FAILURE_SUBJECTS: [&str; 16] = [
    "undeliverable",
    "undelivered mail",
    "delivery status notification",
    "delivery failure",
    "mail delivery failed",
    "failure notice",
    "returned mail",
    "delivery has failed",
    "could not be delivered",
    "недоставленное сообщение",
    "не удалось доставить",
    "не доставлено",
    "сообщение не доставлено",
    "ошибка доставки",
    "возврат письма",
    "отчёт о недоставке",
];
/// Sentences only a mail server writes.
const FAILURE_TEXTS: [&str; 6] = [
    "550 5.1.1",
    "554 5.",
    "delivery to the following recipient failed",
    "the mail system at host",
    "could not be delivered to one or more",
    "это сообщение создано автоматически программой доставки",
];
/// Sentences a mail server writes, and sometimes a person: only with a machine's sender.
const FAILURE_HINTS: [&str; 7] = [
    "user unknown",
    "mailbox unavailable",
    "no such user",
    "address rejected",
    "адресат не найден",
    "почтовый ящик не существует",
    "ящик переполнен",
];

const AUTO_SENDERS: [&str; 4] = ["noreply", "no-reply", "no_reply", "donotreply"];
const AUTO_SUBJECTS: [&str; 17] = [
    "automatic reply",
    "auto reply",
    "auto-reply",
    "autoreply",
    "auto:",
    "out of office",
    "out of the office",
    "on vacation",
    "away from the office",
    "автоответ",
    "автоматический ответ",
    "вне офиса",
    "нет на месте",
    "в отпуске",
    "отсутствую",
    "ваше обращение",
    "ваше письмо получено",
];
const AUTO_TEXTS: [&str; 34] = [
    "i am out of the office",
    "i'm out of the office",
    "i am currently out of",
    "i'm currently out of",
    "i will be out of the office",
    "i am away",
    "i'm away from",
    "i am on vacation",
    "i'm on vacation",
    "i am on leave",
    "on annual leave",
    "limited access to email",
    "limited access to my email",
    "this is an automatic reply",
    "this is an automated",
    "automatically generated",
    "we have received your message",
    "we have received your email",
    "your message has been received",
    "your request has been received",
    "thank you for contacting us. we",
    "will respond as soon as possible",
    "я в отпуске",
    "нахожусь в отпуске",
    "я нахожусь вне офиса",
    "меня нет в офисе",
    "ограниченный доступ к почте",
    "это автоматический ответ",
    "это автоматическое сообщение",
    "письмо сформировано автоматически",
    "ваше письмо получено",
    "ваше обращение принято",
    "ваше обращение зарегистрировано",
    "мы получили ваше письмо",
];
const COMPLAINT_TEXTS: [&str; 14] = [
    "this is spam",
    "stop spamming",
    "stop sending me spam",
    "reported as spam",
    "report you",
    "never subscribed",
    "did not subscribe",
    "didn't subscribe",
    "это спам",
    "прекратите спам",
    "не подписывался",
    "не подписывалась",
    "пожалуюсь",
    "жалоб",
];
const UNSUBSCRIBE_TEXTS: [&str; 21] = [
    "unsubscribe me",
    "please unsubscribe",
    "remove me",
    "take me off",
    "stop sending",
    "stop emailing",
    "no more emails",
    "opt me out",
    "don't email me",
    "do not email me",
    "отпишите",
    "отписать",
    "хочу отписаться",
    "удалите меня",
    "уберите меня",
    "исключите меня",
    "исключить меня",
    "не присылайте",
    "не пишите мне",
    "больше не присылать",
    "прекратите рассылку",
];

fn any(haystack: &str, needles: &[&str]) -> bool {
    needles.iter().any(|n| haystack.contains(n))
}

/// A subject without the reply and forward prefixes of mail clients.
fn bare_subject(subject: &str) -> String {
    let mut s = subject.trim().to_lowercase();
    loop {
        let trimmed = ["re:", "fw:", "fwd:", "ответ:", "отв:", "пересл:"]
            .iter()
            .find_map(|p| s.strip_prefix(p))
            .map(|rest| rest.trim_start().to_string());
        match trimmed {
            Some(rest) => s = rest,
            None => return s,
        }
    }
}

/// Which kind of reply this is. The text is the message without quotes of
/// earlier ones (as the service gives it).
pub fn classify(subject: &str, from: &str, text: &str) -> ReplyKind {
    let from = from.to_lowercase();
    let subject_full = subject.to_lowercase();
    let subject = bare_subject(subject);
    // Only the reply's own words, not a quoted campaign below them.
    let text: String = text.lines().filter(|l| !l.trim_start().starts_with('>')).collect::<Vec<_>>().join("\n");
    let text = text.to_lowercase();
    if any(&from, &FAILURE_SENDERS) || any(&subject_full, &FAILURE_SUBJECTS) || any(&text, &FAILURE_TEXTS) {
        return ReplyKind::Failure;
    }
    if any(&subject_full, &AUTO_SUBJECTS[..6]) || any(&subject, &AUTO_SUBJECTS) || any(&text, &AUTO_TEXTS) {
        return ReplyKind::AutoReply;
    }
    if any(&text, &FAILURE_HINTS) && any(&from, &AUTO_SENDERS) {
        return ReplyKind::Failure;
    }
    if any(&text, &COMPLAINT_TEXTS) || any(&subject, &COMPLAINT_TEXTS) {
        return ReplyKind::Complaint;
    }
    let alone = |word: &str| subject.trim() == word || text.trim().trim_end_matches(['.', '!']) == word;
    if any(&text, &UNSUBSCRIBE_TEXTS) || alone("unsubscribe") || alone("отписаться") {
        return ReplyKind::Unsubscribe;
    }
    if any(&from, &AUTO_SENDERS) {
        return ReplyKind::AutoReply;
    }
    ReplyKind::Human
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strong_signs_decide() {
        assert_eq!(classify("Automatic reply: Spring news", "ann@shop.example", "Hi"), ReplyKind::AutoReply);
        assert_eq!(classify("Re: Весенние новинки", "oleg@mail.ru", "Я в отпуске до 12 мая."), ReplyKind::AutoReply);
        assert_eq!(classify("Undelivered Mail Returned to Sender", "MAILER-DAEMON@mx.example", ""), ReplyKind::Failure);
        assert_eq!(classify("Re: News", "ann@shop.example", "Please unsubscribe me."), ReplyKind::Unsubscribe);
        assert_eq!(classify("Re: Новости", "ivan@ya.ru", "Отпишите меня, пожалуйста"), ReplyKind::Unsubscribe);
        assert_eq!(classify("Re: News", "bob@shop.example", "This is spam, I never subscribed"), ReplyKind::Complaint);
    }

    #[test]
    fn a_person_who_mentions_a_vacation_is_still_a_person() {
        let text = "We're going on vacation next week, could you deliver before Friday?";
        assert_eq!(classify("Re: Spring news", "ann@shop.example", text), ReplyKind::Human);
        assert_eq!(
            classify("Re: Spring news", "ann@shop.example", "> I am out of the office\nThanks!"),
            ReplyKind::Human
        );
    }
}
