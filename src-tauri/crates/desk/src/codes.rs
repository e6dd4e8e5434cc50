//! What the user was doing, and which field of a form a refusal names, as
//! codes. Each area declares its own with [`codes!`](crate::codes): an enum
//! of its actions and one of its fields, whose values become the [`Action`]
//! and [`FormField`] a [`DeskError`](crate::DeskError) carries. The page finds
//! the words by the code (`action.loadLists`, `field.listName`) in the area's
//! own words; the bindings write the TypeScript union of every area's codes
//! from the registry, so a code without words does not type-check.

use serde::{Serialize, Serializer};
use std::fmt;

macro_rules! code_type {
    ($(#[$doc:meta])* $name:ident, $ts:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name(&'static str);

        impl $name {
            /// The code of an area's variant, from its Rust name (`LoadLists`).
            pub const fn named(variant: &'static str) -> Self {
                $name(variant)
            }

            /// As the page reads it: `loadLists`.
            pub fn code(&self) -> String {
                camel_case(self.0)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.0)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.code())
            }
        }

        /// In TypeScript the union of every area's codes: the bindings write
        /// its file from the registry (this declaration is replaced there).
        #[cfg(feature = "ts")]
        impl ts_rs::TS for $name {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;

            fn name(_: &ts_rs::Config) -> String {
                $ts.to_string()
            }

            fn inline(cfg: &ts_rs::Config) -> String {
                <Self as ts_rs::TS>::name(cfg)
            }

            fn decl(_: &ts_rs::Config) -> String {
                format!("type {} = string;", $ts)
            }

            fn decl_concrete(cfg: &ts_rs::Config) -> String {
                <Self as ts_rs::TS>::decl(cfg)
            }

            fn output_path() -> Option<std::path::PathBuf> {
                Some(std::path::PathBuf::from(concat!($ts, ".ts")))
            }
        }
    };
}

code_type!(
    /// What the user was doing when something failed: the page says "Could
    /// not …" with it.
    Action,
    "Action"
);

code_type!(
    /// A field of a form, named when its value is refused.
    FormField,
    "FormField"
);

fn camel_case(variant: &str) -> String {
    let mut chars = variant.chars();
    chars.next().map(|first| first.to_lowercase().chain(chars).collect()).unwrap_or_default()
}

/// Declares an area's own codes: an enum whose values are the shared
/// [`Action`] (or [`FormField`]) named by the variant, with every code listed
/// for the registry.
///
/// ```ignore
/// crate::codes! {
///     /// What the user was doing in the lists.
///     pub enum Action: Action { LoadLists, CreateList }
///     /// The lists' form fields.
///     pub enum Field: FormField { ListName }
/// }
/// ```
#[macro_export]
macro_rules! codes {
    ($($(#[$doc:meta])* $vis:vis enum $name:ident: $shared:ident { $($variant:ident),+ $(,)? })+) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis enum $name { $($variant),+ }

        impl $name {
            /// Every code this declares, for the registry and the bindings.
            #[allow(dead_code)]
            pub const CODES: &'static [$crate::codes::$shared] =
                &[$($crate::codes::$shared::named(stringify!($variant))),+];
        }

        impl From<$name> for $crate::codes::$shared {
            fn from(code: $name) -> Self {
                match code {
                    $($name::$variant => $crate::codes::$shared::named(stringify!($variant))),+
                }
            }
        }
    )+};
}

crate::codes! {
    /// What the user was doing in the workspace itself, below any area:
    /// opening an account, the demo, keeping an edit, saving a file.
    pub enum WorkspaceAction: Action { OpenAccount, StartDemo, ResetDemo, KeepDraft, ExportReport }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::codes! {
        enum Sample: Action { LoadLists, SaveAccounts }
        enum SampleField: FormField { ListName }
    }

    #[test]
    fn an_area_s_code_is_its_variant_in_camel_case() {
        let action: Action = Sample::LoadLists.into();
        assert_eq!(serde_json::to_value(action).unwrap(), serde_json::json!("loadLists"));
        assert_eq!(format!("{action:?}"), "LoadLists");
        assert_eq!(Sample::CODES, &[Action::named("LoadLists"), Action::from(Sample::SaveAccounts)]);
        assert_eq!(FormField::from(SampleField::ListName).code(), "listName");
    }
}
