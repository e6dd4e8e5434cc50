//! The statistical half of triage: a linear model over hashed character
//! n-grams and words of each part of a reply (subject, sender, name, own
//! words), trained on the labelled corpus (`tests/fixtures/triage/`) by
//! multinomial logistic regression (the `classifier` crate). Character
//! n-grams read Russian's endings and English's spellings alike, and a
//! phrase the corpus never held still shares most of its n-grams with one
//! it did.
//!
//! The weights are committed (`weights.bin`, a byte per weight) and
//! reproduced from the corpus by `cargo run -p desk --example train-triage`;
//! a test fails when the two disagree.

use super::cues::{cues, shape};
use super::reading::Read;
use super::ReplyKind;
use classifier::{hash, Features, Training};

/// The kinds in the model's order.
pub(crate) const KINDS: [ReplyKind; 5] =
    [ReplyKind::Human, ReplyKind::AutoReply, ReplyKind::Failure, ReplyKind::Unsubscribe, ReplyKind::Complaint];

/// The model: a weight per kind of [`KINDS`].
pub(crate) type Model = classifier::Model<5>;

/// A part's features, each part weighing the same however long it is.
fn part(out: &mut Features, space: u8, text: &str, char_grams: &[usize], words: bool) {
    classifier::text(out, space, &shape(text), char_grams, words);
}

/// The features of a read reply.
pub(crate) fn features(read: &Read) -> Features {
    let mut out = Features::new();
    // After "Re:" comes the campaign's own subject, which says nothing of
    // the reply: only a subject the sender or their system wrote is read.
    if !read.reply_prefix {
        part(&mut out, 1, &read.subject, &[3, 4], true);
    }
    // Of the sender, what a machine's or a role's address shares with
    // others', not the name that makes one person's unique.
    for token in sender_words(&read.from, &read.from_name) {
        out.push((hash(2, token), 0.5));
    }
    part(&mut out, 4, &read.own, &[3, 4, 5], true);
    let length = match read.own.chars().count() {
        0 => "empty",
        1..=20 => "tiny",
        21..=80 => "short",
        81..=300 => "medium",
        301..=1000 => "long",
        _ => "longest",
    };
    for (flag, on) in [
        (length, true),
        ("reply prefix", read.reply_prefix),
        ("html only", read.html_only),
        ("quoted", read.quoted),
        ("subject kept", read.reply_prefix && read.bare_subject.len() > 3),
    ] {
        if on {
            out.push((hash(5, flag), 0.5));
        }
    }
    let subject_cues = cues(&read.subject);
    for (space, shown) in [(7, &read.own_cues), (8, &subject_cues)] {
        for cue in shown {
            out.push((hash(space, cue), 0.35));
        }
    }
    out.push((hash(6, "bias"), 1.0));
    out
}

/// Words of senders' addresses and names that machines, helpdesks and
/// shared mailboxes use.
const SENDER_WORDS: [&str; 34] = [
    "noreply",
    "no-reply",
    "no_reply",
    "donotreply",
    "do-not-reply",
    "autoreply",
    "auto",
    "mailer",
    "daemon",
    "postmaster",
    "bounce",
    "notification",
    "notifications",
    "notify",
    "alerts",
    "system",
    "robot",
    "bot",
    "support",
    "help",
    "helpdesk",
    "service",
    "servicedesk",
    "desk",
    "ticket",
    "tickets",
    "team",
    "info",
    "office",
    "sales",
    "hello",
    "contact",
    "zakaz",
    "поддержка",
];

fn sender_words<'a>(from: &'a str, name: &'a str) -> impl Iterator<Item = &'static str> + 'a {
    let words = from.split(['@', '.', '_', '-', '+']).chain(name.split(|c: char| !c.is_alphanumeric()));
    let mut found: Vec<&'static str> = words
        .filter(|w| !w.is_empty())
        .filter_map(|w| SENDER_WORDS.iter().find(|known| w.starts_with(**known)).copied())
        .collect();
    if found.is_empty() {
        found.push("(a person's)");
    }
    found.sort_unstable();
    found.dedup();
    found.into_iter()
}

/// The model committed with the app.
pub(crate) fn committed() -> &'static Model {
    static MODEL: std::sync::OnceLock<Model> = std::sync::OnceLock::new();
    MODEL.get_or_init(|| Model::from_bytes(include_bytes!("weights.bin")).expect("the committed triage weights"))
}

/// How the model is fitted: people's replies weigh twice as much, as
/// folding one away is the mistake that costs most.
const TRAINING: Training<5> =
    Training { epochs: 30, learning_rate: 1.0, l2: 1e-4, emphasis: [2.0, 1.0, 1.0, 1.0, 1.0] };

/// Where a kind stands in [`KINDS`]: its class in the model.
pub(crate) fn class(kind: ReplyKind) -> usize {
    KINDS.iter().position(|k| *k == kind).expect("a kind of KINDS")
}

/// A model fitted to replies' features, each with its kind's [`class`],
/// rounded as committed.
pub(crate) fn train(examples: &[(Features, usize)]) -> Model {
    classifier::train(examples, &TRAINING)
}
