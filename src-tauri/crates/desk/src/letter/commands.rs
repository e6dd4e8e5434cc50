//! The letter's commands: a block letter rendered (for the preview beside
//! the editor) and turned into HTML code to edit from then on; a letter
//! opened from a file and saved to one.

crate::commands! {
    read render_block_letter(letter: crate::letter::blocks::BlockLetter) -> String []
        => |cx| crate::letter::blocks::sent_html(&letter);
    read block_letter_code(letter: crate::letter::blocks::BlockLetter) -> String []
        => |cx| crate::letter::blocks::code_of(&letter);
    change open_letter_file() -> Option<crate::letter::files::LetterFromFile> []
        => |cx| crate::letter::files::open(cx).await;
    change save_letter_file(name: String, html: String, blocks: Option<crate::letter::blocks::BlockLetter>, format: crate::letter::files::LetterFormat) -> Option<u64> []
        => |cx| crate::letter::files::save(cx, &name, &html, blocks.as_ref(), format).await;
}

/// The letter floor as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "letter",
    kind: crate::command::AreaKind::Floor,
    commands: COMMANDS,
    actions: super::files::Action::CODES,
    fields: &[],
    failures: crate::failures!(super::LetterFailure),
};
