//! The strong signs: what mail systems write and people never do. A mail
//! server signs its notices (`MAILER-DAEMON`, SMTP status codes); mail
//! clients and helpdesks mark their automatic answers in the subject, in
//! the language of the mailbox ("Automatic reply:", "Автоответ:",
//! "Abwesenheitsnotiz:", "[Ticket #4821]"). Such a sign decides alone.
//!
//! The weaker words below ("on vacation", "remove me") are not decisions:
//! people write them too. They only say, when the model has decided, which
//! part of the message gave it away.

use super::reading::Read;
use super::{ReplyKind, Sign};

/// Local parts and names of mail servers' senders.
const SERVER_SENDERS: [&str; 6] =
    ["mailer-daemon", "mailerdaemon", "postmaster@", "mail delivery", "mdaemon@", "служба доставки почты"];

/// Subjects of delivery failure and delay notices.
const FAILURE_SUBJECTS: [&str; 33] = [
    "undeliverable",
    "undelivered mail",
    "delivery status notification",
    "delivery failure",
    "delivery failed",
    "mail delivery failed",
    "failure notice",
    "returned mail",
    "delivery has failed",
    "could not be delivered",
    "message not delivered",
    "delivery delayed",
    "delayed mail",
    "warning: could not send",
    "nondeliverable",
    "non-delivery",
    "недоставленное сообщение",
    "недоставлено",
    "сообщение отклонено",
    "письмо отклонено",
    "message blocked",
    "message rejected",
    "не удалось доставить",
    "не доставлено",
    "ошибка доставки",
    "возврат письма",
    "отчет о недоставке",
    "доставка задерживается",
    "unzustellbar",
    "nicht zustellbar",
    "non remis",
    "non distribuable",
    "no se puede entregar",
];

/// What only a mail server writes in a notice.
const FAILURE_TEXTS: [&str; 14] = [
    "550 5.",
    "550-5.",
    "554 5.",
    "552 5.",
    "553 5.",
    "diagnostic-code:",
    "final-recipient:",
    "remote-mta:",
    "this is the mail system at host",
    "created automatically by mail delivery software",
    "this is the qmail-send program",
    "delivery has failed to these recipients",
    "создано автоматически программой доставки",
    "your message wasn't delivered to",
];

/// Subjects mail clients, servers and helpdesks give automatic answers,
/// at the start of the subject.
const AUTO_SUBJECT_STARTS: [&str; 40] = [
    "automatic reply",
    "auto reply",
    "auto-reply",
    "autoreply",
    "auto response",
    "auto-response",
    "autoresponse",
    "automated response",
    "auto:",
    "out of office",
    "out of the office",
    "ooo:",
    "автоответ",
    "автоматический ответ",
    "автоматическое сообщение",
    "автоматична відповідь",
    "автовідповідь",
    "автоматты жауап",
    "automatische antwort",
    "abwesenheitsnotiz",
    "abwesend:",
    "réponse automatique",
    "reponse automatique",
    "absent:",
    "absence du bureau",
    "respuesta automática",
    "respuesta automatica",
    "fuera de la oficina",
    "risposta automatica",
    "automatisch antwoord",
    "resposta automática",
    "odpowiedź automatyczna",
    "automatická odpověď",
    "otomatik yanıt",
    "read:",
    "прочитано:",
    "прочитано :",
    "delivered:",
    "return receipt",
    "уведомление о прочтении",
];

/// Marks of a helpdesk's ticket anywhere in the subject.
const TICKET_SUBJECTS: [&str; 9] =
    ["[ticket #", "ticket #", "[request #", "request #", "[case #", "заявка №", "обращение №", "заявка #", "тикет #"];

/// Sentences an automatic answer writes of itself.
const AUTO_TEXTS: [&str; 27] = [
    "это автоответчик",
    "this is a return receipt",
    "to get your message delivered",
    "чтобы ваше письмо было доставлено",
    "uses boxbe",
    "added to my guest list",
    "approved senders",
    "проверенных отправителей",
    "your message was read on",
    "было прочитано",
    "##- please type your reply above this line -##",
    "##- пожалуйста, введите свой ответ над этой строкой -##",
    "is awaiting your approval",
    "ожидает подтверждения",
    "complete the verification",
    "i'm protecting myself from spam",
    "this is an automatic reply",
    "this is an automated reply",
    "this is an automated response",
    "this is an automated message",
    "this is an automatic message",
    "this is an auto-reply",
    "это автоматический ответ",
    "это автоматическое сообщение",
    "письмо сформировано автоматически",
    "сообщение сформировано автоматически",
    "сообщение отправлено автоматически",
];

fn any(haystack: &str, needles: &[&str]) -> bool {
    needles.iter().any(|n| haystack.contains(n))
}

/// A sign that decides alone, when the reply has one.
pub(crate) fn strong(read: &Read) -> Option<(ReplyKind, Sign)> {
    let sender = format!("{} {}", read.from, read.from_name);
    if any(&sender, &SERVER_SENDERS) {
        return Some((ReplyKind::Failure, Sign::Sender));
    }
    if any(&read.bare_subject, &FAILURE_SUBJECTS) {
        return Some((ReplyKind::Failure, Sign::Subject));
    }
    if any(&read.own, &FAILURE_TEXTS) {
        return Some((ReplyKind::Failure, Sign::Words));
    }
    // "Re: Automatic reply: ..." and "Re: [Ticket #4821] ..." answer an
    // automatic reply: a person's.
    let marked =
        AUTO_SUBJECT_STARTS.iter().any(|s| read.subject.starts_with(s)) || any(&read.subject, &TICKET_SUBJECTS);
    if marked && !read.reply_prefix {
        return Some((ReplyKind::AutoReply, Sign::Subject));
    }
    // A person who tells of the automatic answer they got quotes its words.
    if read.tells_of_an_answer() {
        return None;
    }
    let opening = read.own.trim_start_matches(|c: char| !c.is_alphanumeric());
    if any(&read.own, &AUTO_TEXTS)
        || AUTO_SUBJECT_STARTS.iter().any(|s| opening.starts_with(s.trim_end_matches(':')))
        || acknowledges_a_ticket(&read.own)
        || says_what_an_auto_reply_says(read)
    {
        return Some((ReplyKind::AutoReply, Sign::Words));
    }
    None
}

/// What every out-of-office, acknowledgement and left-the-company notice
/// says, and a person rarely says all of at once and without asking for
/// anything: away until a day, and who to write to or when the answer
/// comes; the message received, and when the answer comes; the address no
/// longer read, and where to write instead.
fn says_what_an_auto_reply_says(read: &Read) -> bool {
    let has = |cue: &str| read.shows(cue);
    if read.engaged() || has("talks business") || read.own.contains('?') {
        return false;
    }
    (has("away") && (has("until") || has("instead") || has("limited")))
        || (has("received") && has("will answer"))
        || (has("not read") && has("instead"))
}

/// "Your request #4821 has been received", "Ваше обращение № 1194028
/// зарегистрировано": a helpdesk files the message and says so, with its number.
fn acknowledges_a_ticket(own: &str) -> bool {
    const YOURS: [&str; 10] = [
        "your request",
        "your ticket",
        "your case",
        "your enquiry",
        "your inquiry",
        "ваше обращение",
        "ваша заявка",
        "ваш запрос",
        "вашему обращению",
        "ваше письмо зарегистрировано",
    ];
    const FILED: [&str; 12] = [
        "has been received",
        "has been created",
        "was created",
        "has been logged",
        "has been opened",
        "зарегистрирован",
        "принят",
        "принята",
        "получен",
        "получена",
        "создан",
        "присвоен",
    ];
    any(own, &YOURS) && any(own, &FILED) && own.chars().filter(char::is_ascii_digit).count() >= 3
}

/// Machines' senders that are no mail server.
const MACHINE_SENDERS: [&str; 8] =
    ["noreply", "no-reply", "no_reply", "donotreply", "do-not-reply", "do_not_reply", "autoreply", "notification"];

/// Words of auto-replies people write too.
const AWAY_WORDS: [&str; 22] = [
    "out of the office",
    "out of office",
    "on vacation",
    "on holiday",
    "on leave",
    "away from",
    "limited access",
    "will be back",
    "will return",
    "received your",
    "has been received",
    "в отпуске",
    "вне офиса",
    "в командировке",
    "на больничном",
    "в декрете",
    "не работает в",
    "больше не работа",
    "получили ваше",
    "ваше обращение",
    "ваша заявка",
    "ответим",
];

/// Words of requests to be taken off a list.
const REMOVAL_WORDS: [&str; 18] = [
    "unsubscribe",
    "remove",
    "take me off",
    "stop sending",
    "stop emailing",
    "opt out",
    "opt me out",
    "stop",
    "отпис",
    "удалите",
    "уберите",
    "исключите",
    "не присылайте",
    "не пишите",
    "не отправляйте",
    "не надо",
    "хватит",
    "стоп",
];

/// Words of complaints.
const SPAM_WORDS: [&str; 16] = [
    "spam",
    "never subscribed",
    "never signed up",
    "didn't sign up",
    "did not sign up",
    "report",
    "gdpr",
    "спам",
    "не подписывал",
    "не давал",
    "не давала",
    "откуда у вас",
    "кто вам дал",
    "жалоб",
    "роскомнадзор",
    "фас",
];

/// Which part of a reply the model's decision rests on, for the inbox to say.
pub(crate) fn explain(read: &Read, kind: ReplyKind) -> Sign {
    let words: &[&str] = match kind {
        ReplyKind::AutoReply if any(&read.from, &MACHINE_SENDERS) => return Sign::Sender,
        ReplyKind::AutoReply => &AWAY_WORDS,
        ReplyKind::Failure => return Sign::Likeness,
        ReplyKind::Unsubscribe => &REMOVAL_WORDS,
        ReplyKind::Complaint => &SPAM_WORDS,
        ReplyKind::Human => return Sign::Nothing,
    };
    if any(&read.own, words) {
        Sign::Words
    } else {
        Sign::Likeness
    }
}
