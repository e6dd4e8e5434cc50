//! Every area the app has, one line each: the desktop shell serves their
//! commands and the page's bindings are written from them.

use crate::codes::{Action, FormField, WorkspaceAction};
use crate::command::{Area, AreaKind, Command};

/// What the workspace itself does, below any area: no commands of its own,
/// the codes of its failures.
const WORKSPACE: Area = Area {
    name: "workspace",
    kind: AreaKind::Floor,
    commands: &[],
    actions: WorkspaceAction::CODES,
    fields: &[],
    failures: crate::command::Failures::NONE,
};

/// Every area, in the order the bindings list them.
pub const AREAS: &[Area] = &[
    WORKSPACE,
    crate::letter::AREA,
    crate::accounts::AREA,
    crate::account::AREA,
    crate::lists::AREA,
    crate::import::AREA,
    crate::campaigns::AREA,
    crate::inbox::AREA,
    crate::reports::AREA,
    crate::automations::AREA,
    crate::templates::AREA,
    crate::transactional::AREA,
    crate::inbound::AREA,
    crate::links::AREA,
    crate::work::AREA,
    crate::diagnostics::AREA,
    crate::closing::AREA,
    crate::arrivals::AREA,
    crate::language::AREA,
    crate::updates::AREA,
];

/// Every command, area by area.
pub fn commands() -> impl Iterator<Item = &'static Command> {
    AREAS.iter().flat_map(|area| area.commands)
}

/// What the user can have been doing when something failed, every area's.
pub fn actions() -> impl Iterator<Item = Action> {
    AREAS.iter().flat_map(|area| area.actions.iter().copied())
}

/// Every field a refusal can name, every area's.
pub fn fields() -> impl Iterator<Item = FormField> {
    AREAS.iter().flat_map(|area| area.fields.iter().copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Kind, Tag};
    use std::collections::BTreeSet;

    #[test]
    fn every_command_has_its_own_name() {
        let mut seen = BTreeSet::new();
        for command in commands() {
            assert!(seen.insert(command.name), "{} is declared twice", command.name);
        }
    }

    /// The page finds an action's or a field's words by its code alone: two
    /// areas with one code would share (and fight over) one message.
    #[test]
    fn no_two_areas_declare_one_code() {
        let mut seen_actions = BTreeSet::new();
        for action in actions() {
            assert!(seen_actions.insert(action.code()), "the action {action:?} is declared twice");
        }
        let mut seen_fields = BTreeSet::new();
        for field in fields() {
            assert!(seen_fields.insert(field.code()), "the field {field:?} is declared twice");
        }
        assert!(seen_actions.contains("loadLists") && seen_fields.contains("listName"), "every area is listed");
    }

    /// A change that names a tag nothing reads drops nothing: a typo there
    /// would leave a screen showing what was before.
    #[test]
    fn every_tag_a_change_drops_is_read_by_a_command() {
        let read: BTreeSet<Tag> =
            commands().filter(|c| c.kind == Kind::Read).flat_map(|c| c.tags.iter().copied()).collect();
        for command in commands().filter(|c| c.kind != Kind::Read) {
            for tag in command.tags {
                assert!(
                    read.contains(tag) || *tag == Tag::Workspace,
                    "{} changes `{tag:?}`, which no command reads",
                    command.name
                );
            }
        }
    }

    /// A tag no command reads is a cache nobody keeps: it goes.
    #[test]
    fn every_tag_is_read_by_a_command() {
        let read: BTreeSet<Tag> =
            commands().filter(|c| c.kind == Kind::Read).flat_map(|c| c.tags.iter().copied()).collect();
        for tag in Tag::ALL.iter().filter(|t| **t != Tag::Workspace) {
            assert!(read.contains(tag), "no command reads `{}`", tag.name());
        }
    }
}
