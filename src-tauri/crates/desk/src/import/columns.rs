//! Where the addresses are, and whether the first row names the columns:
//! a column named like an address in Russian or English ("E-mail",
//! "Эл. почта", "Электронная почта", "Email Address"…) in the first row
//! makes it a header; else a first row with no address in it over rows
//! with addresses is one; else the column with the most addresses is it.

/// What a file's first records tell of its layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub header: bool,
    pub email_column: usize,
}

/// Column names of an address, without spaces, dots, hyphens and
/// underscores, in lower case.
const ADDRESS_NAMES: &[&str] = &[
    "email",
    "emailaddress",
    "emailaddr",
    "mail",
    "емейл",
    "имейл",
    "емэйл",
    "почта",
    "элпочта",
    "электроннаяпочта",
    "адресэлпочты",
    "адресэлектроннойпочты",
    "адреспочты",
    "эладрес",
    "электронныйадрес",
];

/// The fields a list of subscribers usually has, each by the names a
/// column or a field of it takes in Russian and English (plain names, see
/// [`plain_name`]), so that "Имя" finds a field titled "First name".
const KNOWN_FIELDS: &[(&str, &[&str])] = &[
    ("first_name", &["firstname", "name", "givenname", "имя"]),
    ("last_name", &["lastname", "surname", "familyname", "фамилия"]),
    ("middle_name", &["middlename", "patronymic", "отчество"]),
    ("full_name", &["fullname", "фио", "полноеимя", "имяфамилия"]),
    ("city", &["city", "town", "город", "населенныйпункт", "населённыйпункт"]),
    ("phone", &["phone", "phonenumber", "mobile", "tel", "телефон", "мобильный", "номертелефона"]),
    ("birthday", &["birthday", "birthdate", "dateofbirth", "деньрождения", "датарождения"]),
    ("company", &["company", "organization", "organisation", "компания", "организация"]),
    ("country", &["country", "страна"]),
];

/// Which usual field a column's or field's name names, in either language.
pub fn known_field(name: &str) -> Option<&'static str> {
    let plain = plain_name(name);
    KNOWN_FIELDS.iter().find(|(_, names)| names.contains(&plain.as_str())).map(|(key, _)| *key)
}

/// A column's name reduced to what tells names apart ("E-Mail " → "email").
pub fn plain_name(name: &str) -> String {
    name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Whether a column's name says it holds addresses.
pub fn names_an_address(name: &str) -> bool {
    ADDRESS_NAMES.contains(&plain_name(name).as_str())
}

fn looks_like_address(cell: &str) -> bool {
    let cell = cell.trim();
    cell.contains('@') && !cell.starts_with('@') && !cell.ends_with('@')
}

fn is_blank(record: &[String]) -> bool {
    record.iter().all(|cell| cell.trim().is_empty())
}

/// The layout of a table from its first records (blank ones are skipped).
pub fn layout(first: &[Vec<String>]) -> Layout {
    let records: Vec<&Vec<String>> = first.iter().filter(|r| !is_blank(r)).collect();
    let Some((head, rest)) = records.split_first() else { return Layout { header: false, email_column: 0 } };
    if let Some(column) = head.iter().position(|cell| names_an_address(cell)) {
        return Layout { header: true, email_column: column };
    }
    let addresses_in = |column: usize, of: &[&Vec<String>]| {
        of.iter().filter(|r| r.get(column).is_some_and(|c| looks_like_address(c))).count()
    };
    let width = records.iter().map(|r| r.len()).max().unwrap_or(0);
    let most = (0..width).max_by_key(|&c| (addresses_in(c, &records), std::cmp::Reverse(c))).unwrap_or(0);
    let head_has_none = !head.iter().any(|cell| looks_like_address(cell));
    Layout { header: head_has_none && addresses_in(most, rest) > 0, email_column: most }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(rows: &[&[&str]]) -> Vec<Vec<String>> {
        rows.iter().map(|r| r.iter().map(|c| c.to_string()).collect()).collect()
    }

    #[test]
    fn the_address_column_is_found_by_its_name_in_either_language() {
        for name in ["E-mail", "Эл. почта", "Электронная почта", "Email Address", "EMAIL", "e_mail", "Адрес эл. почты"]
        {
            let first = records(&[&["Имя", name], &["Иван", "нет"]]);
            assert_eq!(layout(&first), Layout { header: true, email_column: 1 }, "{name}");
        }
    }

    #[test]
    fn usual_fields_are_known_by_their_names_in_either_language() {
        assert_eq!(known_field("Имя"), known_field("First name"));
        assert_eq!(known_field("Дата рождения"), known_field("Birthday"));
        assert_eq!(known_field("Телефон"), Some("phone"));
        assert_eq!(known_field("Любимый сорт"), None);
        assert_ne!(known_field("Имя"), known_field("Фамилия"));
    }

    #[test]
    fn without_a_known_name_the_addresses_tell() {
        let named_otherwise = records(&[&["Клиент", "Контакт"], &["Иван", "ivan@x.ru"], &["Анна", "anna@x.ru"]]);
        assert_eq!(layout(&named_otherwise), Layout { header: true, email_column: 1 });
        let no_header = records(&[&["Иван", "ivan@x.ru"], &["Анна", "anna@x.ru"]]);
        assert_eq!(layout(&no_header), Layout { header: false, email_column: 1 });
        let blank_first = records(&[&["", ""], &["ivan@x.ru", "Иван"]]);
        assert_eq!(layout(&blank_first), Layout { header: false, email_column: 0 });
        assert_eq!(layout(&[]), Layout { header: false, email_column: 0 });
    }
}
