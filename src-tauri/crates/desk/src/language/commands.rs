//! The page's language, for the shell.

crate::commands! {
    change set_language(language: crate::language::Language) -> () []
        => |cx| {
            cx.desk().set_language(language);
            Ok(())
        };
}
