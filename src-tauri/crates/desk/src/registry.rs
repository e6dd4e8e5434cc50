//! Every area the app has, one line each: the desktop shell serves their
//! commands and the page's bindings are written from them.

use crate::command::Command;

/// Every command, area by area, in the order the bindings list them.
pub fn commands() -> impl Iterator<Item = &'static Command> {
    [
        crate::accounts::COMMANDS,
        crate::lists::COMMANDS,
        crate::campaigns::COMMANDS,
        crate::inbox::COMMANDS,
        crate::reports::COMMANDS,
        crate::automations::COMMANDS,
        crate::templates::COMMANDS,
        crate::links::COMMANDS,
        crate::work::COMMANDS,
        crate::diagnostics::COMMANDS,
        crate::closing::COMMANDS,
    ]
    .into_iter()
    .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Kind;
    use std::collections::BTreeSet;

    #[test]
    fn every_command_has_its_own_name() {
        let mut seen = BTreeSet::new();
        for command in commands() {
            assert!(seen.insert(command.name), "{} is declared twice", command.name);
        }
    }

    /// A change that names a tag nothing reads drops nothing: a typo there
    /// would leave a screen showing what was before.
    #[test]
    fn every_tag_a_change_drops_is_read_by_a_command() {
        let read: BTreeSet<&str> =
            commands().filter(|c| c.kind == Kind::Read).flat_map(|c| c.tags.iter().copied()).collect();
        for command in commands().filter(|c| c.kind == Kind::Change) {
            for tag in command.tags {
                assert!(
                    read.contains(tag) || *tag == crate::command::WORKSPACE,
                    "{} changes `{tag}`, which no command reads",
                    command.name
                );
            }
        }
    }
}
