//! The letter's commands: a block letter rendered (for the preview, the
//! check and the save), and a letter's HTML opened as blocks when it was
//! made of them.

crate::commands! {
    read render_block_letter(letter: crate::letter::blocks::BlockLetter) -> crate::letter::blocks::Rendered []
        => |cx| crate::letter::blocks::rendered(&letter);
    read block_letter_code(letter: crate::letter::blocks::BlockLetter) -> String []
        => |cx| crate::letter::blocks::code_of(&letter);
    read open_letter_html(html: String) -> crate::letter::blocks::Opening []
        => |cx| Ok(crate::letter::blocks::opening(&html));
}
