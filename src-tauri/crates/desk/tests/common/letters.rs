//! A small block letter: a heading greeting the reader by `%NAME%`, and the
//! footer with the company's details.

use desk::letter::blocks::{Align, Block, BlockLetter, Footer, Inline, Look};

pub fn greeting(hello: &str) -> BlockLetter {
    BlockLetter {
        look: Look::default(),
        blocks: vec![Block::Heading {
            level: 1,
            text: vec![
                Inline::Text { text: hello.into(), bold: false, italic: false, link: None },
                Inline::Tag { name: "NAME".into() },
            ],
            align: Align::Center,
        }],
        footer: Footer {
            company: "Northwind".into(),
            address: "Москва".into(),
            note: String::new(),
            unsubscribe: "Отписаться".into(),
        },
    }
}
