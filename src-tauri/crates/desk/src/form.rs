//! Values typed into forms, checked before anything is sent.

use crate::error::{DeskError, FormField, Result};

/// A name as typed: trimmed, not empty, at most `max` characters.
pub fn name(name: &str, field: impl Into<FormField>, max: usize) -> Result<String> {
    let field = field.into();
    let name = text(name, field)?;
    if name.chars().count() > max {
        return Err(DeskError::TooLong { field, max: max as u32 });
    }
    Ok(name)
}

/// A domain name as typed (an address's part after `@` is taken too),
/// lower case, without a final dot; refused when empty.
pub fn domain(typed: &str, field: impl Into<FormField>) -> Result<String> {
    let typed = typed.trim().trim_end_matches('.');
    let name = typed.rsplit('@').next().unwrap_or(typed).trim().to_lowercase();
    if name.is_empty() {
        return Err(DeskError::Required { field: field.into() });
    }
    Ok(name)
}

/// A required text, such as a message: trimmed at the ends, never empty.
pub fn text(text: &str, field: impl Into<FormField>) -> Result<String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(DeskError::Required { field: field.into() });
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::codes! {
        enum Field: FormField { ListName, AccountName }
    }

    #[test]
    fn names_are_trimmed_required_and_bounded() {
        assert_eq!(name("  News  ", Field::ListName, 200).unwrap(), "News");
        assert_eq!(
            name("   ", Field::ListName, 200).unwrap_err(),
            DeskError::Required { field: Field::ListName.into() }
        );
        assert_eq!(
            name(&"x".repeat(101), Field::AccountName, 100).unwrap_err(),
            DeskError::TooLong { field: Field::AccountName.into(), max: 100 }
        );
        assert!(name(&"я".repeat(100), Field::AccountName, 100).is_ok(), "characters, not bytes");
    }
}
