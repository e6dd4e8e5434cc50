use super::*;
use crate::letter::{unsubscribe_elements, UNSUBSCRIBE_TAG};
use proptest::prelude::*;
use std::path::PathBuf;

fn words(text: &str) -> Inline {
    Inline::Text { text: text.into(), bold: false, italic: false, link: None }
}

fn footer() -> Footer {
    Footer {
        company: "ООО «Кофейня на углу»".into(),
        address: "Москва, ул. Пушкина, 1".into(),
        note: "Вы подписались на новости на сайте.".into(),
        unsubscribe: "Отписаться".into(),
    }
}

fn letter(blocks: Vec<Block>) -> BlockLetter {
    BlockLetter { look: Look::default(), blocks, footer: footer() }
}

fn text_block(lines: &[&str]) -> Block {
    Block::Text { paragraphs: lines.iter().map(|l| vec![words(l)]).collect(), align: Align::Left, size: 16 }
}

/// One letter for each kind of block, as the golden files show them.
fn kinds() -> Vec<(&'static str, BlockLetter)> {
    let heading = Block::Heading {
        level: 1,
        text: vec![words("Здравствуйте, "), Inline::Tag { name: "NAME".into() }, words("!")],
        align: Align::Center,
    };
    let text = Block::Text {
        paragraphs: vec![
            vec![
                words("Новый сорт: "),
                Inline::Text { text: "эфиопия".into(), bold: true, italic: false, link: None },
                Inline::Break,
                Inline::Text {
                    text: "в магазине".into(),
                    bold: false,
                    italic: true,
                    link: Some("https://coffee.example/shop".into()),
                },
            ],
            vec![words("Ваш город: "), Inline::Tag { name: "ГОРОД".into() }],
        ],
        align: Align::Left,
        size: 16,
    };
    let image = Block::Image {
        src: "https://coffee.example/beans.png".into(),
        alt: "Зёрна".into(),
        link: Some("https://coffee.example".into()),
        width: Some(320),
        align: Align::Center,
    };
    let button = Block::Button {
        label: "Купить".into(),
        link: "https://coffee.example/buy".into(),
        color: Color::new("#4338ca"),
        text_color: Color::new("#ffffff"),
        align: Align::Center,
    };
    let columns = Block::Columns {
        ratio: Ratio::ThirdTwoThirds,
        columns: vec![
            vec![Block::Image {
                src: "https://coffee.example/cup.png".into(),
                alt: "Чашка".into(),
                link: None,
                width: None,
                align: Align::Left,
            }],
            vec![text_block(&["Чашка в подарок к каждому заказу."])],
        ],
    };
    let divider = Block::Divider { color: Color::new("#e5e7eb"), thickness: 1 };
    let spacer = Block::Spacer { height: 24 };
    let html = Block::Html {
        html: "<table><tr><td style=\"color:#b91c1c\">Только сегодня</td></tr></table>".into()
    };
    vec![
        ("footer", letter(vec![])),
        ("heading", letter(vec![heading])),
        ("text", letter(vec![text])),
        ("image", letter(vec![image])),
        ("button", letter(vec![button])),
        ("columns", letter(vec![columns])),
        ("divider", letter(vec![divider])),
        ("spacer", letter(vec![spacer])),
        ("html", letter(vec![html])),
    ]
}

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/blocks").join(name)
}

/// Golden MJML and HTML for each kind of block; `UPDATE_GOLDEN=1` writes them.
#[test]
fn each_kind_of_block_is_written_and_rendered_as_its_golden_files() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for (name, letter) in kinds() {
        let mjml = mjml_of(&letter);
        let html = render(&letter).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (file, made) in [(format!("{name}.mjml"), mjml.as_str()), (format!("{name}.html"), unsealed(&html))] {
            if update {
                std::fs::create_dir_all(golden("")).unwrap();
                std::fs::write(golden(&file), made).unwrap();
            }
            let want = std::fs::read_to_string(golden(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert_eq!(made, want, "{file} differs from its golden file (UPDATE_GOLDEN=1 writes it)");
        }
    }
}

#[test]
fn a_letter_opens_as_the_blocks_it_was_made_of_and_an_edited_one_as_html() {
    let made = letter(kinds().into_iter().flat_map(|(_, l)| l.blocks).collect());
    let html = render(&made).unwrap();
    assert_eq!(opening(&html), Opening::Blocks { letter: Box::new(made.clone()) });
    assert_eq!(
        opening(&format!("{}\r\n\n", html.replace('\n', "\r\n"))),
        Opening::Blocks { letter: Box::new(made.clone()) },
        "line endings"
    );
    let edited = html.replacen("Купить", "Купить сейчас", 1);
    assert_eq!(opening(&edited), Opening::Edited);
    assert_eq!(opening("<p>Привет</p>"), Opening::Html);
    let code = code_of(&made).unwrap();
    assert_eq!(opening(&code), Opening::Html, "a letter turned into code stays code");
    assert_eq!(code, unsealed(&html));
    assert_eq!(opening(&html.replace("campaign-desk:letter:1:", "campaign-desk:letter:1:00:")), Opening::Html);
}

#[test]
fn what_cannot_be_rendered_is_named_with_its_block() {
    let no_alt = Block::Image {
        src: "https://x.example/a.png".into(),
        alt: " ".into(),
        link: None,
        width: None,
        align: Align::Left,
    };
    let problem = render(&letter(vec![text_block(&["a"]), no_alt.clone()])).unwrap_err();
    assert_eq!((problem.problem, problem.block), (BlockProblem::ImageAlt, Some(2)));
    let nested = Block::Columns {
        ratio: Ratio::Halves,
        columns: vec![vec![], vec![Block::Columns { ratio: Ratio::Halves, columns: vec![vec![], vec![]] }]],
    };
    let problem = render(&letter(vec![nested])).unwrap_err();
    assert_eq!((problem.problem, problem.block, problem.inner), (BlockProblem::Columns, Some(1), Some((2, 1))));
    let short = Block::Columns { ratio: Ratio::Thirds, columns: vec![vec![], vec![]] };
    assert_eq!(render(&letter(vec![short])).unwrap_err().problem, BlockProblem::Columns);
    let script = Block::Button {
        label: "x".into(),
        link: "javascript:alert(1)".into(),
        color: Color::new("#000000"),
        text_color: Color::new("#ffffff"),
        align: Align::Left,
    };
    assert_eq!(render(&letter(vec![script])).unwrap_err().problem, BlockProblem::Address);
    let second = Block::Html { html: format!("<a href=\"{UNSUBSCRIBE_TAG}\">уйти</a>") };
    assert_eq!(render(&letter(vec![second])).unwrap_err().problem, BlockProblem::SecondUnsubscribe);
    let mut wide = letter(vec![]);
    wide.look.width = 1200;
    assert_eq!(render(&wide).unwrap_err().problem, BlockProblem::OutOfRange);
    let too_many = letter(vec![Block::Spacer { height: 8 }; MOST_BLOCKS + 1]);
    assert_eq!(render(&too_many).unwrap_err().problem, BlockProblem::TooManyBlocks);
}

#[test]
fn a_mjml_file_renders_and_one_it_cannot_read_is_named() {
    let html = render_mjml(
        "<mjml><mj-body><mj-section><mj-column><mj-text>Привет</mj-text></mj-column></mj-section></mj-body></mjml>",
    )
    .unwrap();
    assert!(html.contains("Привет") && html.contains("<!--[if mso"), "{html}");
    let problem = render_mjml("<mjml><mj-body><mj-section>").unwrap_err();
    assert_eq!(problem.problem, BlockProblem::Mjml);
    assert!(problem.detail.is_some());
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Zа-яА-ЯёЁ0-9 .,!?]{0,24}",
        Just(UNSUBSCRIBE_TAG.to_string()),
        Just("<script>alert(1)</script>".to_string()),
        Just("<img src=x onerror=alert(1)>".to_string()),
        Just("\" onmouseover=\"alert(1)".to_string()),
        Just("<a id=\"unsub_link\" href=\"%ОТПИСАТЬСЯ%\">".to_string()),
        Just("&amp; & < > %% --> <!--".to_string()),
    ]
}

fn any_tag() -> impl Strategy<Value = String> {
    prop_oneof![Just("NAME".to_string()), Just("ГОРОД".to_string()), "[A-Z_]{1,10}"]
}

fn any_inline() -> impl Strategy<Value = Inline> {
    prop_oneof![
        (
            any_text(),
            any::<bool>(),
            any::<bool>(),
            proptest::option::of(Just("https://x.example/a?b=1&c=2".to_string()))
        )
            .prop_map(|(text, bold, italic, link)| Inline::Text { text, bold, italic, link }),
        Just(Inline::Break),
        any_tag().prop_map(|name| Inline::Tag { name }),
    ]
}

fn any_align() -> impl Strategy<Value = Align> {
    prop_oneof![Just(Align::Left), Just(Align::Center), Just(Align::Right)]
}

fn any_leaf() -> impl Strategy<Value = Block> {
    prop_oneof![
        (1u8..=3, prop::collection::vec(any_inline(), 0..5), any_align())
            .prop_map(|(level, text, align)| Block::Heading { level, text, align }),
        (prop::collection::vec(prop::collection::vec(any_inline(), 0..5), 0..4), any_align(), 12u8..=24)
            .prop_map(|(paragraphs, align, size)| Block::Text { paragraphs, align, size }),
        (any_text().prop_filter("alt", |a| !a.trim().is_empty()), proptest::option::of(16u16..=800), any_align())
            .prop_map(|(alt, width, align)| Block::Image {
                src: "https://x.example/i.png".into(),
                alt,
                link: None,
                width,
                align
            }),
        (any_text().prop_filter("label", |l| !l.trim().is_empty()), any_align()).prop_map(|(label, align)| {
            Block::Button {
                label,
                link: "%WEBVERSION%".into(),
                color: Color::new("#123abc"),
                text_color: Color::new("#ffffff"),
                align,
            }
        }),
        (1u8..=8).prop_map(|thickness| Block::Divider { color: Color::new("#cccccc"), thickness }),
        (4u16..=120).prop_map(|height| Block::Spacer { height }),
        prop_oneof![
            Just("<b onclick=\"x()\">жирный</b><script>alert(1)</script>".to_string()),
            Just("<p style=\"color:red\">Цена<br>100 ₽</p><iframe src=\"https://x.example\"></iframe>".to_string()),
            Just("<table><tr><td>ячейка</td></tr></table>".to_string()),
        ]
        .prop_map(|html| Block::Html { html }),
    ]
}

fn any_block() -> impl Strategy<Value = Block> {
    prop_oneof![
        4 => any_leaf(),
        1 => prop::collection::vec(any_leaf(), 0..3).prop_flat_map(|first| {
            prop_oneof![Just(Ratio::Halves), Just(Ratio::ThirdTwoThirds), Just(Ratio::TwoThirdsThird), Just(Ratio::Thirds)].prop_flat_map(
                move |ratio| {
                    let first = first.clone();
                    prop::collection::vec(prop::collection::vec(any_leaf(), 0..3), ratio.shares().len() - 1)
                        .prop_map(move |rest| Block::Columns { ratio, columns: std::iter::once(first.clone()).chain(rest).collect() })
                }
            )
        }),
    ]
}

/// Every tag a letter's blocks hold, as the service writes it.
fn tags_of(blocks: &[Block]) -> Vec<String> {
    let inline = |i: &Inline| match i {
        Inline::Tag { name } => Some(format!("%{name}%")),
        _ => None,
    };
    blocks
        .iter()
        .flat_map(|b| match b {
            Block::Heading { text, .. } => text.iter().filter_map(inline).collect(),
            Block::Text { paragraphs, .. } => paragraphs.iter().flatten().filter_map(inline).collect(),
            Block::Columns { columns, .. } => columns.iter().flat_map(|c| tags_of(c)).collect(),
            _ => Vec::new(),
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Whatever the blocks say, the letter has one unsubscribe link, every
    /// tag as written, nothing that runs and no font from the web, and
    /// opens as its own blocks.
    #[test]
    fn any_block_letter_renders_one_unsubscribe_link_its_tags_and_nothing_that_runs(
        blocks in prop::collection::vec(any_block(), 0..8),
        preheader in any_text(),
    ) {
        let mut made = letter(blocks);
        made.look.preheader = preheader;
        let html = render(&made).unwrap();
        let body = unsealed(&html);
        prop_assert_eq!(unsubscribe_elements(body), 1);
        for tag in tags_of(&made.blocks) {
            prop_assert!(body.contains(&tag), "{} kept literally", tag);
        }
        let lower = body.to_ascii_lowercase();
        prop_assert!(!lower.contains("<script") && !lower.contains("<iframe") && !lower.contains("javascript:"));
        let events = scraper::Html::parse_document(body);
        let handler = events.tree.values().filter_map(|n| n.as_element()).find_map(|e| e.attrs().find(|(name, _)| name.starts_with("on")).map(|(n, _)| n.to_string()));
        prop_assert_eq!(handler, None);
        prop_assert!(!lower.contains("fonts.googleapis") && !lower.contains("@import") && !lower.contains("<link"));
        prop_assert_eq!(opening(&html), Opening::Blocks { letter: Box::new(made) });
    }
}
