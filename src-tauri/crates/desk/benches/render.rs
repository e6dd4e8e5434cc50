//! A block letter of 30 blocks (headings, text with tags and links,
//! images, buttons, two- and three-column rows, dividers, spacers, an HTML
//! block) rendered to the HTML it is sent as, median and 95th percentile,
//! beside the same letter's HTML only read back (the block document found
//! and unpacked) in the same run. Target: under 20 ms at the median,
//! printed last as `render: N ms (target 20 ms)`.
//!
//! Run: `cargo bench -p desk --bench render`

use desk::letter::blocks::{opening, render, Align, Block, BlockLetter, Color, Footer, Inline, Look, Ratio};
use std::time::{Duration, Instant};

const RUNS: usize = 101;

fn words(text: &str) -> Inline {
    Inline::Text { text: text.into(), bold: false, italic: false, link: None }
}

fn letter() -> BlockLetter {
    let text = || Block::Text {
        paragraphs: vec![
            vec![words("Свежая обжарка каждую неделю, "), Inline::Tag { name: "NAME".into() }, words(".")],
            vec![Inline::Text {
                text: "В магазин".into(),
                bold: true,
                italic: false,
                link: Some("https://shop.example".into()),
            }],
        ],
        align: Align::Left,
        size: 16,
    };
    let image = || Block::Image {
        src: "https://shop.example/beans.png".into(),
        alt: "Зёрна".into(),
        link: None,
        width: Some(320),
        align: Align::Center,
    };
    let mut blocks = Vec::new();
    for n in 0..3 {
        blocks.push(Block::Heading {
            level: 1 + n % 3, text: vec![words("Весенние лоты")], align: Align::Center
        });
        blocks.push(text());
        blocks.push(image());
        blocks.push(Block::Button {
            label: "Купить".into(),
            link: "https://shop.example/buy".into(),
            color: Color::new("#4338ca"),
            text_color: Color::new("#ffffff"),
            align: Align::Center,
        });
        blocks.push(Block::Columns { ratio: Ratio::Halves, columns: vec![vec![image()], vec![text()]] });
        blocks.push(Block::Columns { ratio: Ratio::Thirds, columns: vec![vec![text()], vec![image()], vec![text()]] });
        blocks.push(Block::Divider { color: Color::new("#e5e7eb"), thickness: 1 });
        blocks.push(Block::Spacer { height: 16 });
    }
    blocks.push(Block::Html {
        html: "<table><tr><td style=\"color:#b91c1c\">Только сегодня</td></tr></table>".into()
    });
    let counted: usize =
        blocks
            .iter()
            .map(|b| {
                if let Block::Columns { columns, .. } = b {
                    1 + columns.iter().map(Vec::len).sum::<usize>()
                } else {
                    1
                }
            })
            .sum();
    assert!(counted >= 30, "{counted} blocks");
    BlockLetter {
        look: Look::default(),
        blocks,
        footer: Footer {
            company: "ООО «Кофейня»".into(),
            address: "Москва".into(),
            note: String::new(),
            unsubscribe: "Отписаться".into(),
        },
    }
}

fn spread(mut samples: Vec<Duration>) -> (f64, f64) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    (ms(samples[samples.len() / 2]), ms(samples[(samples.len() * 95).div_ceil(100) - 1]))
}

fn timed(mut run: impl FnMut()) -> (f64, f64) {
    run();
    spread(
        (0..RUNS)
            .map(|_| {
                let started = Instant::now();
                run();
                started.elapsed()
            })
            .collect(),
    )
}

fn main() {
    let letter = letter();
    let html = render(&letter).unwrap();
    let (median, p95) = timed(|| {
        std::hint::black_box(render(std::hint::black_box(&letter)).unwrap());
    });
    let (read_median, read_p95) = timed(|| {
        std::hint::black_box(opening(std::hint::black_box(&html)));
    });
    let blocks = letter.blocks.iter().flat_map(Block::and_inner).count();
    assert!(blocks >= 30, "{blocks} blocks");
    println!("letter: {blocks} blocks, {} KB of HTML", html.len() / 1024);
    println!("read back (reference): median {read_median:.2} ms, p95 {read_p95:.2} ms");
    println!("render: median {median:.2} ms, p95 {p95:.2} ms, {:.1}x the read back", median / read_median);
    println!("render: {median:.1} ms (target 20 ms)");
}
