//! The letter's commands: a block letter rendered (for the preview beside
//! the editor) and turned into HTML code to edit from then on.

crate::commands! {
    read render_block_letter(letter: crate::letter::blocks::BlockLetter) -> String []
        => |cx| crate::letter::blocks::sent_html(&letter);
    read block_letter_code(letter: crate::letter::blocks::BlockLetter) -> String []
        => |cx| crate::letter::blocks::code_of(&letter);
}
