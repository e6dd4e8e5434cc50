//! MJML rendered to the HTML a letter is sent as, by `mrml`: tables, Outlook's
//! conditional comments, columns that stack on a phone. Its list of web
//! fonts is emptied: a letter never loads a font from anywhere.

use super::document::{Block, BlockLetter};
use super::mjml::mjml_of;
use super::problems::{first_problem, BlockProblem, Unrenderable};
use super::travel::seal;
use crate::letter::{unsubscribe_elements, UNSUBSCRIBE_TAG};
use mrml::prelude::render::RenderOptions;
use std::collections::HashMap;

/// A block letter as the HTML it is sent as, its document sealed into its
/// end so the letter opens as blocks wherever it is read back.
pub fn render(letter: &BlockLetter) -> Result<String, Unrenderable> {
    first_problem(letter)?;
    let second = |block: &Block| matches!(block, Block::Html { html } if html.contains(UNSUBSCRIBE_TAG));
    if let Some(at) = letter.blocks.iter().position(|block| block.and_inner().any(second)) {
        return Err(Unrenderable::of(BlockProblem::SecondUnsubscribe).at(at));
    }
    let html = render_mjml(&mjml_of(letter)).map_err(|e| Unrenderable { problem: BlockProblem::Markup, ..e })?;
    // Asserted of what was rendered, whatever the blocks hold.
    if unsubscribe_elements(&html) != 1 {
        return Err(Unrenderable::of(BlockProblem::SecondUnsubscribe));
    }
    Ok(seal(html, letter))
}

/// A block letter as the HTML it is sent as, its problem a [`DeskError`](crate::DeskError).
pub fn sent_html(letter: &BlockLetter) -> Result<String, crate::DeskError> {
    render(letter).map_err(crate::letter::failures::unrenderable)
}

/// A block letter as HTML code to edit from now on: rendered, without the
/// document sealed into it (a letter turned into code stays code).
pub fn code_of(letter: &BlockLetter) -> Result<String, crate::DeskError> {
    Ok(super::travel::unsealed(&sent_html(letter)?).to_string())
}

/// A letter's HTML as it goes: rendered from its blocks when it has them,
/// as written otherwise.
pub fn html_for<'a>(
    html: &'a str,
    blocks: Option<&BlockLetter>,
) -> Result<std::borrow::Cow<'a, str>, crate::DeskError> {
    match blocks {
        Some(letter) => Ok(sent_html(letter)?.into()),
        None => Ok(html.into()),
    }
}

/// MJML as HTML, with no web font.
pub fn render_mjml(source: &str) -> Result<String, Unrenderable> {
    let unreadable = |e: &dyn std::fmt::Display| Unrenderable::of(BlockProblem::Mjml).detail(e.to_string());
    let parsed = mrml::parse(source).map_err(|e| unreadable(&e))?;
    let options = RenderOptions { disable_comments: true, social_icon_origin: None, fonts: HashMap::new() };
    parsed.element.render(&options).map_err(|e| unreadable(&e))
}
