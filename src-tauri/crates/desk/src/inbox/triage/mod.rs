//! What kind of reply a message is: a campaign to a large list brings
//! thousands of out-of-office answers for every few dozen replies people
//! wrote. Hiding a person's reply is the costly mistake, so:
//!
//! 1. a strong sign decides alone ([`signs`]: a mail server's sender, an
//!    automatic answer's subject in the mailbox's language, a server's
//!    status code);
//! 2. otherwise a linear model over character n-grams of every part of the
//!    reply ([`model`]) weighs it, and folds it away only when it is sure;
//!    a reply it is unsure of stays with the people and says so. A reply
//!    that asks, reports a problem or tells of an answer it got is
//!    engaged: the model must be all but certain, and one that tells of
//!    an automatic answer ("the auto-reply said…, then silence") quotes a
//!    machine's words, so neither they nor its likeness fold it.
//!
//! Measured on the labelled corpus by cross-validation and on a part held
//! apart (`desk/tests/triage_corpus.rs`, figures in
//! `tests/fixtures/triage/README.md`).

mod cues;
mod kinds;
pub mod learning;
pub(crate) mod model;
pub mod reading;
mod signs;

pub use kinds::{ReplyKind, Sign};
pub use reading::Reply;
use serde::Serialize;

/// A reply's kind and what gave it away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Triage {
    pub kind: ReplyKind,
    pub sign: Sign,
}

/// How sure the model must be that a reply is a machine's to fold it away.
const FOLD_AT: f32 = 0.8;
/// The same, for an engaged reply (see [`reading::Read::engaged`]).
const FOLD_ASKING_AT: f32 = 0.97;
/// Below folding but this likely a machine's: kept with the people, marked unsure.
const UNSURE_AT: f32 = 0.3;
/// How sure the model must be to tag a request or a complaint.
const TAG_AT: f32 = 0.4;

/// What kind of reply this is, and why.
pub fn triage(reply: &Reply) -> Triage {
    decide(&reading::read(reply), model::committed())
}

pub(crate) fn decide(read: &reading::Read, model: &model::Model) -> Triage {
    if let Some((kind, sign)) = signs::strong(read) {
        return Triage { kind, sign };
    }
    let p = model.probabilities(&model::features(read));
    let [_, auto, failure, unsubscribe, complaint] = p;
    // An engaged reply is a person's unless the model is all but certain;
    // one that tells of an automatic answer it got (or of none) quotes a
    // machine's words, and no likeness to them folds it.
    let fold_at = if read.engaged() { FOLD_ASKING_AT } else { FOLD_AT };
    let kind = if auto + failure >= fold_at && !read.tells_of_an_answer() {
        if failure > auto {
            ReplyKind::Failure
        } else {
            ReplyKind::AutoReply
        }
    } else if unsubscribe + complaint >= TAG_AT {
        if complaint > unsubscribe {
            ReplyKind::Complaint
        } else {
            ReplyKind::Unsubscribe
        }
    } else if auto + failure >= UNSURE_AT {
        return Triage { kind: ReplyKind::Human, sign: Sign::Unsure };
    } else {
        ReplyKind::Human
    };
    Triage { kind, sign: signs::explain(read, kind) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classify(subject: &str, from: &str, text: &str) -> ReplyKind {
        triage(&Reply { subject, from, text, ..Default::default() }).kind
    }

    #[test]
    fn the_strong_signs_decide() {
        let auto = triage(&Reply {
            subject: "Automatic reply: Spring news",
            from: "ann@shop.example",
            text: "Hi",
            ..Default::default()
        });
        assert_eq!(auto, Triage { kind: ReplyKind::AutoReply, sign: Sign::Subject });
        let away =
            triage(&Reply { subject: "Abwesenheitsnotiz: Frühling", from: "jan@firma.example", ..Default::default() });
        assert_eq!(away, Triage { kind: ReplyKind::AutoReply, sign: Sign::Subject });
        let bounce = triage(&Reply {
            subject: "Undelivered Mail Returned to Sender",
            from: "MAILER-DAEMON@mx.example",
            ..Default::default()
        });
        assert_eq!(bounce, Triage { kind: ReplyKind::Failure, sign: Sign::Sender });
    }

    #[test]
    fn the_model_reads_what_no_rule_names() {
        assert_eq!(classify("Re: Весенние новинки", "oleg@mail.ru", "Я в отпуске до 12 мая."), ReplyKind::AutoReply);
        assert_eq!(classify("Re: News", "ann@shop.example", "Please unsubscribe me."), ReplyKind::Unsubscribe);
        assert_eq!(classify("Re: Новости", "ivan@ya.ru", "Отпишите меня, пожалуйста"), ReplyKind::Unsubscribe);
        assert_eq!(classify("Re: News", "bob@shop.example", "This is spam, I never subscribed"), ReplyKind::Complaint);
    }

    #[test]
    fn a_reply_that_tells_of_an_automatic_answer_is_a_persons() {
        // Its quoted words would each decide alone: a ticket's receipt, a
        // machine's own sentence, a ticket's subject after "Re:".
        let receipt = "Добрый день. 2 июня писала про брак, в ответ пришло: «Ваше обращение № 51177 \
                       зарегистрировано, мы ответим в течение 24 часов». Прошла неделя, и тишина. Замените товар!";
        assert_eq!(classify("Re: Летняя распродажа", "v.lapina@mail.ru", receipt), ReplyKind::Human);
        let pasted = "I wrote about my refund on the 3rd and got an automated email: \"This is an automated \
                      response. We have received your message and will reply within 48 hours.\" Nothing since.";
        assert_eq!(classify("Re: June offers", "g.ross@gmail.com", pasted), ReplyKind::Human);
        let under = "Received — fine. Now where's my parcel? Two weeks.\n\n> Your request #77810 has been received.";
        assert_eq!(classify("Re: [Request #77810] Received", "g.ross@gmail.com", under), ReplyKind::Human);
        // The helpdesk's own receipt still folds.
        assert_eq!(
            classify("[Request #77810] Received", "support@shop.example", "Your request #77810 has been received."),
            ReplyKind::AutoReply
        );
    }

    #[test]
    fn unsubscribe_requests_in_latin_letters_misspelled_or_without_the_word() {
        for text in [
            "Dobryi vecher, ne prisylayte mne bolshe rassylku",
            "otpishite menya ot novostey, spasibo",
            "отпешите меня от рассылки",
            "Хватит слать мне письма",
            "No more letters from you, please.",
        ] {
            assert_eq!(classify("Re: Новости", "reader@mail.example", text), ReplyKind::Unsubscribe, "{text}");
        }
    }

    #[test]
    fn out_of_office_notices_without_an_automatic_subject_fold() {
        for text in [
            // Parental leave.
            "Здравствуйте! Я в декретном отпуске, письма не читаю. Пожалуйста, пишите Марине: marina@firm.example",
            "Здравствуйте! Я нахожусь в отпуске по уходу за ребёнком до 1 октября 2027 г. \
             По вопросам поставок обращайтесь к Сергею Ильину, s.ilin@zavod.example.",
            // Travel.
            "Уехал на выставку в Шанхай, вернусь через неделю. Срочно — в WhatsApp.",
            "Нахожусь в рабочей поездке, почту проверяю вечером.",
            // Out of hours.
            "Сегодня суббота, мы отдыхаем 🙂 Ответим в понедельник!",
            "Thank you for your email. Our office hours are 9am to 5pm, Monday to Friday. \
             We will reply on the next business day.",
            // Two languages.
            "Ich bin auf Geschäftsreise. I'm on a business trip with limited email — back next week.",
            "Сейчас я в декрете / I'm on parental leave. Пишите / please write to: info@firm.example",
        ] {
            assert_eq!(classify("Re: Летняя распродажа", "someone@firm.example", text), ReplyKind::AutoReply, "{text}");
        }
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
