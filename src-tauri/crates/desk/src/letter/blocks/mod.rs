//! Block letters: a letter a marketer makes from blocks (headings, text,
//! images, buttons, columns, dividers, spacers, HTML) with a footer that
//! always carries the unsubscribe link, written as MJML and rendered to
//! email HTML here, in Rust, so what is sent is what was designed. The
//! document travels inside the HTML it made ([`travel`]).

mod document;
mod markup;
mod mjml;
mod problems;
mod render;
mod travel;

pub use document::{Align, Block, BlockLetter, Color, Font, Footer, Inline, Look, Paragraph, Ratio};
pub use mjml::mjml_of;
pub use problems::{first_problem, BlockProblem, Unrenderable, MOST_BLOCKS};
pub use render::{code_of, html_for, render, render_mjml, sent_html};
pub use travel::{opened, opening, unsealed, Opened, Opening};

#[cfg(test)]
mod tests;
