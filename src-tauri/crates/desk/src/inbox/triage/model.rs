//! The statistical half of triage: a linear model over hashed character
//! n-grams and words of each part of a reply (subject, sender, name, own
//! words), trained on the labelled corpus (`tests/fixtures/triage/`) by
//! multinomial logistic regression. Character n-grams read Russian's
//! endings and English's spellings alike, and a phrase the corpus never
//! held still shares most of its n-grams with one it did.
//!
//! The weights are committed (`weights.bin`, a byte per weight) and
//! reproduced from the corpus by `cargo run -p desk --example train-triage`;
//! a test fails when the two disagree.

use super::cues::{cues, shape};
use super::reading::Read;
use super::ReplyKind;

/// The kinds in the model's order.
pub(crate) const KINDS: [ReplyKind; 5] =
    [ReplyKind::Human, ReplyKind::AutoReply, ReplyKind::Failure, ReplyKind::Unsubscribe, ReplyKind::Complaint];

/// Features are hashed into this many buckets (a power of two).
const BUCKETS: usize = 1 << 14;
const MAGIC: &[u8; 8] = b"CDTRIAG1";

/// A reply as the model sees it: bucket indices and their values.
pub(crate) type Features = Vec<(u32, f32)>;

fn hash(space: u8, gram: &str) -> u32 {
    // FNV-1a: the same buckets on every platform and in every build.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ u64::from(space);
    for b in gram.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (h % BUCKETS as u64) as u32
}

/// A part's features, each part weighing the same however long it is.
fn part(out: &mut Features, space: u8, text: &str, char_grams: &[usize], words: bool) {
    let text = shape(text);
    let mut grams: Vec<u32> = Vec::new();
    for word in text.split_whitespace() {
        let padded: Vec<char> = format!(" {word} ").chars().collect();
        for &n in char_grams {
            for window in padded.windows(n) {
                grams.push(hash(space, &window.iter().collect::<String>()));
            }
        }
    }
    if words {
        let tokens: Vec<&str> =
            text.split(|c: char| !c.is_alphanumeric() && c != '\'').filter(|t| !t.is_empty()).collect();
        for t in &tokens {
            grams.push(hash(space + 100, t));
        }
        for pair in tokens.windows(2) {
            grams.push(hash(space + 200, &format!("{} {}", pair[0], pair[1])));
        }
    }
    grams.sort_unstable();
    grams.dedup();
    if grams.is_empty() {
        grams.push(hash(space, "(empty)"));
    }
    let value = 1.0 / (grams.len() as f32).sqrt();
    out.extend(grams.into_iter().map(|g| (g, value)));
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

/// The weights of each kind, bucket by bucket.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Model {
    weights: Vec<[f32; 5]>,
}

impl Model {
    /// The model committed with the app.
    pub(crate) fn committed() -> &'static Model {
        static MODEL: std::sync::OnceLock<Model> = std::sync::OnceLock::new();
        MODEL.get_or_init(|| Model::from_bytes(include_bytes!("weights.bin")).expect("the committed triage weights"))
    }

    /// How likely each kind is, in [`KINDS`]' order.
    pub(crate) fn probabilities(&self, features: &Features) -> [f32; 5] {
        probabilities(&self.weights, features)
    }

    /// The weights as committed: a byte per weight and a scale per kind.
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let scales = self.scales();
        let mut out = MAGIC.to_vec();
        out.extend((BUCKETS as u32).to_le_bytes());
        for s in scales {
            out.extend(s.to_le_bytes());
        }
        for row in &self.weights {
            for (w, s) in row.iter().zip(scales) {
                out.push(((w / s).round().clamp(-127.0, 127.0) as i8) as u8);
            }
        }
        out
    }

    pub(crate) fn from_bytes(bytes: &[u8]) -> Option<Model> {
        let rest = bytes.strip_prefix(MAGIC)?;
        let (buckets, rest) = rest.split_first_chunk::<4>()?;
        if u32::from_le_bytes(*buckets) as usize != BUCKETS || rest.len() != 20 + BUCKETS * 5 {
            return None;
        }
        let scales: Vec<f32> =
            rest[..20].chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        let weights = rest[20..]
            .chunks_exact(5)
            .map(|row| std::array::from_fn(|k| f32::from(row[k] as i8) * scales[k]))
            .collect();
        Some(Model { weights })
    }

    fn scales(&self) -> [f32; 5] {
        std::array::from_fn(|k| {
            let most = self.weights.iter().map(|row| row[k].abs()).fold(0f32, f32::max);
            if most > 0.0 {
                most / 127.0
            } else {
                1.0
            }
        })
    }

    /// The model as committed: its weights rounded to a byte each.
    pub(crate) fn rounded(&self) -> Model {
        Model::from_bytes(&self.to_bytes()).expect("a model reads back its own bytes")
    }
}

fn probabilities(weights: &[[f32; 5]], features: &Features) -> [f32; 5] {
    let mut scores = [0f32; 5];
    for &(bucket, value) in features {
        for (s, w) in scores.iter_mut().zip(weights[bucket as usize]) {
            *s += w * value;
        }
    }
    softmax(scores)
}

fn softmax(scores: [f32; 5]) -> [f32; 5] {
    let top = scores.iter().copied().fold(f32::MIN, f32::max);
    let exp = scores.map(|s| (s - top).exp());
    let sum: f32 = exp.iter().sum();
    exp.map(|e| e / sum)
}

/// Passes over the examples in training.
const EPOCHS: usize = 30;
const LEARNING_RATE: f32 = 1.0;
/// How much more a person's reply weighs in training than another.
const PEOPLE_WEIGHT: f32 = 2.0;
/// Pulls rarely seen weights towards zero, so one example's quirk does not decide.
const L2: f32 = 1e-4;

/// A model fitted to labelled examples: multinomial logistic regression by
/// stochastic gradient descent, the examples in a fixed pseudo-random order
/// and each kind weighted by its rarity, so the same corpus always gives
/// the same weights. Returned rounded as committed.
pub(crate) fn train(examples: &[(Features, ReplyKind)]) -> Model {
    let mut weights = vec![[0f32; 5]; BUCKETS];
    let index = |kind: ReplyKind| KINDS.iter().position(|k| *k == kind).expect("a kind of KINDS");
    let mut counts = [0usize; 5];
    for (_, kind) in examples {
        counts[index(*kind)] += 1;
    }
    // Each kind weighs as much as the others together, people's replies
    // more: folding one away is the mistake that costs most.
    let class_weight: [f32; 5] = std::array::from_fn(|k| {
        let rarity = if counts[k] == 0 { 0.0 } else { examples.len() as f32 / (5.0 * counts[k] as f32) };
        if k == 0 {
            rarity * PEOPLE_WEIGHT
        } else {
            rarity
        }
    });
    let mut order: Vec<usize> = (0..examples.len()).collect();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for epoch in 0..EPOCHS {
        // Fisher–Yates with xorshift: no dependency, the same order everywhere.
        for i in (1..order.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        let rate = LEARNING_RATE / (1.0 + epoch as f32 * 0.2);
        for &i in &order {
            let (features, kind) = &examples[i];
            let p = probabilities(&weights, features);
            let want = index(*kind);
            let step = rate * class_weight[want];
            for &(bucket, value) in features {
                let row = &mut weights[bucket as usize];
                for k in 0..5 {
                    let target = if k == want { 1.0 } else { 0.0 };
                    row[k] -= step * ((p[k] - target) * value + L2 * row[k]);
                }
            }
        }
    }
    Model { weights }.rounded()
}
