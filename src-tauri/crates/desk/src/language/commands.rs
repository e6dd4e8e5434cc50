//! The page's language, for the shell.

crate::commands! {
    change set_language(language: crate::host::Language) -> () []
        => |cx| {
            crate::language::set_language(cx, language);
            Ok(())
        };
}

/// The language area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "language",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: &[],
    fields: &[],
    failures: crate::command::Failures::NONE,
};
