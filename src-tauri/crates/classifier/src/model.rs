//! The model: a weight per bucket and class, fitted by multinomial logistic
//! regression.

use crate::features::{Features, BUCKETS};

const MAGIC: &[u8; 8] = b"CDTRIAG1";

/// The weights of each of `N` classes, bucket by bucket (a row of `N` per
/// bucket, one after another).
///
/// The arithmetic is in functions that are not generic: a generic function
/// is compiled in the crate that uses it, unoptimised in a dev build, and
/// this crate is optimised in every build for that arithmetic.
#[derive(Debug, Clone, PartialEq)]
pub struct Model<const N: usize> {
    weights: Vec<f32>,
}

impl<const N: usize> Model<N> {
    /// How likely each class is.
    pub fn probabilities(&self, features: &Features) -> [f32; N] {
        let mut p = [0f32; N];
        probabilities(&self.weights, features, &mut p);
        p
    }

    /// The weights as kept: a byte per weight and a scale per class.
    pub fn to_bytes(&self) -> Vec<u8> {
        to_bytes(&self.weights, N)
    }

    /// The model `to_bytes` wrote, or `None` for anything else.
    pub fn from_bytes(bytes: &[u8]) -> Option<Model<N>> {
        from_bytes(bytes, N).map(|weights| Model { weights })
    }

    /// The model as kept: its weights rounded to a byte each.
    fn rounded(&self) -> Model<N> {
        Model::from_bytes(&self.to_bytes()).expect("a model reads back its own bytes")
    }
}

fn to_bytes(weights: &[f32], classes: usize) -> Vec<u8> {
    let scales: Vec<f32> = (0..classes)
        .map(|k| {
            let most = weights.iter().skip(k).step_by(classes).map(|w| w.abs()).fold(0f32, f32::max);
            if most > 0.0 {
                most / 127.0
            } else {
                1.0
            }
        })
        .collect();
    let mut out = MAGIC.to_vec();
    out.extend((BUCKETS as u32).to_le_bytes());
    for s in &scales {
        out.extend(s.to_le_bytes());
    }
    for row in weights.chunks_exact(classes) {
        for (w, s) in row.iter().zip(&scales) {
            out.push(((w / s).round().clamp(-127.0, 127.0) as i8) as u8);
        }
    }
    out
}

fn from_bytes(bytes: &[u8], classes: usize) -> Option<Vec<f32>> {
    let rest = bytes.strip_prefix(MAGIC)?;
    let (buckets, rest) = rest.split_first_chunk::<4>()?;
    if u32::from_le_bytes(*buckets) as usize != BUCKETS || rest.len() != 4 * classes + BUCKETS * classes {
        return None;
    }
    let (scales, rest) = rest.split_at(4 * classes);
    let scales: Vec<f32> = scales.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    Some(
        rest.chunks_exact(classes)
            .flat_map(|row| row.iter().zip(&scales).map(|(b, s)| f32::from(*b as i8) * s))
            .collect(),
    )
}

/// Each class's probability, into `p` (one per class).
fn probabilities(weights: &[f32], features: &Features, p: &mut [f32]) {
    let classes = p.len();
    p.fill(0.0);
    for &(bucket, value) in features {
        let row = &weights[bucket as usize * classes..][..classes];
        for (s, w) in p.iter_mut().zip(row) {
            *s += w * value;
        }
    }
    let top = p.iter().copied().fold(f32::MIN, f32::max);
    let mut sum = 0.0;
    for s in p.iter_mut() {
        *s = (*s - top).exp();
        sum += *s;
    }
    for s in p.iter_mut() {
        *s /= sum;
    }
}

/// How a model is fitted.
#[derive(Debug, Clone, Copy)]
pub struct Training<const N: usize> {
    /// Passes over the examples.
    pub epochs: usize,
    /// The first pass's step; each later pass takes a smaller one.
    pub learning_rate: f32,
    /// Pulls rarely seen weights towards zero, so one example's quirk does not decide.
    pub l2: f32,
    /// How much more an example of each class weighs, on top of its
    /// class's rarity: where a mistake costs more.
    pub emphasis: [f32; N],
}

/// A model fitted to examples labelled with their class (below `N`):
/// stochastic gradient descent, the examples in a fixed pseudo-random order
/// and each class weighted by its rarity, so the same examples always give
/// the same weights. Returned rounded as kept.
pub fn train<const N: usize>(examples: &[(Features, usize)], training: &Training<N>) -> Model<N> {
    let weights = fit(examples, training.epochs, training.learning_rate, training.l2, &training.emphasis);
    Model { weights }.rounded()
}

fn fit(examples: &[(Features, usize)], epochs: usize, learning_rate: f32, l2: f32, emphasis: &[f32]) -> Vec<f32> {
    let classes = emphasis.len();
    let mut weights = vec![0f32; BUCKETS * classes];
    let mut counts = vec![0usize; classes];
    for (_, class) in examples {
        counts[*class] += 1;
    }
    // Each class weighs as much as the others together.
    let class_weight: Vec<f32> = (0..classes)
        .map(|k| {
            let rarity = if counts[k] == 0 { 0.0 } else { examples.len() as f32 / (classes as f32 * counts[k] as f32) };
            rarity * emphasis[k]
        })
        .collect();
    let mut p = vec![0f32; classes];
    let mut order: Vec<usize> = (0..examples.len()).collect();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for epoch in 0..epochs {
        // Fisher–Yates with xorshift: no dependency, the same order everywhere.
        for i in (1..order.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        let rate = learning_rate / (1.0 + epoch as f32 * 0.2);
        for &i in &order {
            let (features, want) = &examples[i];
            probabilities(&weights, features, &mut p);
            let step = rate * class_weight[*want];
            for &(bucket, value) in features {
                let row = &mut weights[bucket as usize * classes..][..classes];
                for (k, w) in row.iter_mut().enumerate() {
                    let target = if k == *want { 1.0 } else { 0.0 };
                    *w -= step * ((p[k] - target) * value + l2 * *w);
                }
            }
        }
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::text;

    const TRAINING: Training<2> = Training { epochs: 20, learning_rate: 1.0, l2: 1e-4, emphasis: [1.0, 1.0] };

    fn example(words: &str, class: usize) -> (Features, usize) {
        let mut features = Features::new();
        text(&mut features, 1, words, &[3], true);
        (features, class)
    }

    #[test]
    fn a_model_learns_two_classes_and_tells_a_new_example() {
        let examples = [
            example("out of office until monday", 1),
            example("I am out of the office this week", 1),
            example("away from the office, back on friday", 1),
            example("thank you, please send the price list", 0),
            example("could you send me the catalogue", 0),
            example("please send the invoice again", 0),
        ];
        let model = train(&examples, &TRAINING);
        assert!(model.probabilities(&example("out of office today", 1).0)[1] > 0.5);
        assert!(model.probabilities(&example("please send the list", 0).0)[0] > 0.5);
    }

    #[test]
    fn the_bytes_read_back_as_the_same_model_and_nothing_else_reads() {
        let model = train(&[example("yes", 0), example("no", 1)], &TRAINING);
        assert_eq!(Model::<2>::from_bytes(&model.to_bytes()), Some(model.clone()));
        assert_eq!(Model::<3>::from_bytes(&model.to_bytes()), None, "another number of classes");
        assert_eq!(Model::<2>::from_bytes(b"CDTRIAG1"), None);
    }
}
