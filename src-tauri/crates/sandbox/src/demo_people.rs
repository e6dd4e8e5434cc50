//! The demo's subscribers: who reads a Moscow roaster's letters. Most are
//! Russian, written in Cyrillic as they typed themselves into the form (a
//! woman's surname in its feminine form), with addresses at the mailboxes
//! Russians use; the rest English-speaking, from abroad. Addresses are
//! made from the names in Latin letters, as people make them.

use crate::demo_language::Language;
use std::collections::HashSet;

const RU_WOMEN: &[&str] = &[
    "Анна",
    "Мария",
    "Елена",
    "Ольга",
    "Наталья",
    "Екатерина",
    "Татьяна",
    "Ирина",
    "Светлана",
    "Юлия",
    "Анастасия",
    "Дарья",
    "Ксения",
    "Полина",
    "Алина",
    "Виктория",
    "Вера",
    "Софья",
    "Марина",
    "Надежда",
    "Алёна",
    "Евгения",
    "Людмила",
    "Валерия",
    "Кристина",
];
const RU_MEN: &[&str] = &[
    "Александр",
    "Дмитрий",
    "Максим",
    "Сергей",
    "Андрей",
    "Алексей",
    "Артём",
    "Илья",
    "Кирилл",
    "Михаил",
    "Никита",
    "Иван",
    "Роман",
    "Егор",
    "Павел",
    "Владимир",
    "Денис",
    "Константин",
    "Тимур",
    "Григорий",
    "Фёдор",
    "Олег",
    "Антон",
    "Евгений",
    "Борис",
];
/// In the masculine form; a woman's takes an `а`.
const RU_SURNAMES: &[&str] = &[
    "Иванов",
    "Смирнов",
    "Кузнецов",
    "Попов",
    "Васильев",
    "Петров",
    "Соколов",
    "Михайлов",
    "Новиков",
    "Фёдоров",
    "Морозов",
    "Волков",
    "Алексеев",
    "Лебедев",
    "Семёнов",
    "Егоров",
    "Павлов",
    "Козлов",
    "Степанов",
    "Николаев",
    "Орлов",
    "Андреев",
    "Макаров",
    "Никитин",
    "Захаров",
    "Зайцев",
    "Соловьёв",
    "Борисов",
    "Яковлев",
    "Григорьев",
    "Романов",
    "Воробьёв",
    "Сергеев",
    "Кузьмин",
    "Фролов",
    "Александров",
    "Дмитриев",
    "Королёв",
    "Гусев",
    "Киселёв",
    "Ильин",
    "Максимов",
    "Поляков",
    "Сорокин",
    "Виноградов",
    "Ковалёв",
    "Белов",
    "Медведев",
    "Антонов",
    "Тарасов",
];
const RU_CITIES: &[&str] = &[
    "Москва",
    "Москва",
    "Москва",
    "Москва",
    "Москва",
    "Санкт-Петербург",
    "Санкт-Петербург",
    "Санкт-Петербург",
    "Казань",
    "Новосибирск",
    "Екатеринбург",
    "Нижний Новгород",
    "Краснодар",
    "Самара",
    "Сочи",
    "Калининград",
    "Владивосток",
    "Ростов-на-Дону",
    "Воронеж",
    "Тюмень",
    "Минск",
    "Алматы",
];
/// Repeated by how often they are met.
const RU_DOMAINS: &[&str] = &[
    "yandex.ru",
    "yandex.ru",
    "yandex.ru",
    "mail.ru",
    "mail.ru",
    "mail.ru",
    "gmail.com",
    "gmail.com",
    "gmail.com",
    "bk.ru",
    "inbox.ru",
    "list.ru",
    "rambler.ru",
    "ya.ru",
];
const EN_WOMEN: &[&str] = &[
    "Emily",
    "Olivia",
    "Sophie",
    "Charlotte",
    "Grace",
    "Hannah",
    "Lucy",
    "Amelia",
    "Chloe",
    "Jessica",
    "Emma",
    "Isabel",
    "Megan",
    "Alice",
    "Ruth",
];
const EN_MEN: &[&str] = &[
    "James", "Oliver", "Thomas", "William", "Jack", "Harry", "George", "Daniel", "Samuel", "Henry", "Michael", "David",
    "Benjamin", "Edward", "Leo",
];
const EN_SURNAMES: &[&str] = &[
    "Smith", "Johnson", "Brown", "Taylor", "Wilson", "Clarke", "Walker", "Wright", "Green", "Hall", "Wood", "Harris",
    "Lewis", "Robinson", "Hughes", "Cooper", "Turner", "Baker", "Mitchell", "Parker",
];
const EN_CITIES: &[&str] = &[
    "London",
    "Manchester",
    "Edinburgh",
    "Berlin",
    "Riga",
    "Helsinki",
    "Tbilisi",
    "Belgrade",
    "Prague",
    "Vilnius",
    "Amsterdam",
    "Dubai",
];
const EN_DOMAINS: &[&str] =
    &["gmail.com", "gmail.com", "gmail.com", "outlook.com", "icloud.com", "yahoo.com", "hotmail.co.uk", "proton.me"];

/// One subscriber as the form received them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub first: String,
    pub last: String,
    pub city: &'static str,
    /// `f`, `m`, or `n` when they did not say.
    pub gender: &'static str,
    pub email: String,
}

fn pick<'a>(rng: &mut fastrand::Rng, items: &[&'a str]) -> &'a str {
    items[rng.usize(..items.len())]
}

/// Cyrillic in the Latin letters of a mailbox name.
pub fn latin(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut one = [0; 4];
    for c in text.to_lowercase().chars() {
        out.push_str(match c {
            'а' => "a",
            'б' => "b",
            'в' => "v",
            'г' => "g",
            'д' => "d",
            'е' | 'ё' | 'э' => "e",
            'ж' => "zh",
            'з' => "z",
            'и' => "i",
            'й' | 'ы' => "y",
            'к' => "k",
            'л' => "l",
            'м' => "m",
            'н' => "n",
            'о' => "o",
            'п' => "p",
            'р' => "r",
            'с' => "s",
            'т' => "t",
            'у' => "u",
            'ф' => "f",
            'х' => "kh",
            'ц' => "ts",
            'ч' => "ch",
            'ш' => "sh",
            'щ' => "shch",
            'ю' => "yu",
            'я' => "ya",
            'ъ' | 'ь' => "",
            c if c.is_ascii_alphanumeric() => c.encode_utf8(&mut one),
            _ => "",
        });
    }
    out
}

/// Of a hundred subscribers of a demo in `language`, how many are Russian:
/// most of a Russian roaster's, a few of an English-speaking one's.
fn russian_share(language: Language) -> u8 {
    match language {
        Language::Ru => 78,
        Language::En => 10,
    }
}

/// The `n`th subscriber of a list of a demo in `language`, with an address
/// none of `taken` has (it is added there): their name with a year or a
/// number, as people make one, and `n` as the last resort.
pub fn person(rng: &mut fastrand::Rng, n: usize, taken: &mut HashSet<String>, language: Language) -> Person {
    let russian = rng.u8(..100) < russian_share(language);
    let woman = rng.bool();
    let (first, last, city, domain) = if russian {
        let first = pick(rng, if woman { RU_WOMEN } else { RU_MEN });
        let surname = pick(rng, RU_SURNAMES);
        let last = if woman { format!("{surname}а") } else { surname.to_string() };
        (first.to_string(), last, pick(rng, RU_CITIES), pick(rng, RU_DOMAINS))
    } else {
        let first = pick(rng, if woman { EN_WOMEN } else { EN_MEN });
        (first.to_string(), pick(rng, EN_SURNAMES).to_string(), pick(rng, EN_CITIES), pick(rng, EN_DOMAINS))
    };
    let (f, l) = (latin(&first), latin(&last));
    let initial = &f[..1];
    let base = match rng.u8(..5) {
        0 => format!("{f}.{l}"),
        1 => format!("{l}.{f}"),
        2 => format!("{initial}.{l}"),
        3 => format!("{f}_{l}"),
        _ => format!("{f}{l}"),
    };
    let year = rng.u32(60..106) % 100;
    // At the big mailboxes a bare name is long taken: people add a year or
    // a number. (So no demo address is a bare name a test may type.)
    let candidates = [format!("{base}{year:02}@{domain}"), format!("{base}{}@{domain}", rng.u32(1..1000))];
    let start = usize::from(rng.u8(..3) == 0);
    // No other address has a dot before its digits: `n` alone makes it new.
    let email = candidates[start..]
        .iter()
        .find(|e| !taken.contains(*e))
        .cloned()
        .unwrap_or_else(|| format!("{base}.{n}@{domain}"));
    taken.insert(email.clone());
    let gender = match rng.u8(..12) {
        0 => "n",
        _ if woman => "f",
        _ => "m",
    };
    Person { first, last, city, gender, email }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_names_make_latin_addresses() {
        assert_eq!(latin("Фёдорова"), "fedorova");
        assert_eq!(latin("Щукин-Соловьёв"), "shchukinsolovev");
        assert_eq!(latin("Ruth"), "ruth");
    }

    fn people(language: Language) -> Vec<Person> {
        let mut rng = fastrand::Rng::with_seed(7);
        let mut taken = HashSet::new();
        (0..2000).map(|n| person(&mut rng, n, &mut taken, language)).collect()
    }

    fn in_cyrillic(people: &[Person]) -> usize {
        people.iter().filter(|p| p.first.chars().all(|c| ('А'..='я').contains(&c) || c == 'ё')).count()
    }

    #[test]
    fn an_english_demo_s_subscribers_are_mostly_english() {
        let people = people(Language::En);
        let cyrillic = in_cyrillic(&people);
        assert!((100..300).contains(&cyrillic), "{cyrillic} of 2000 Russian");
        assert!(
            people.iter().filter(|p| p.city == "London").count() > people.iter().filter(|p| p.city == "Москва").count()
        );
    }

    #[test]
    fn most_subscribers_are_russian_in_cyrillic_some_english_and_every_address_is_latin() {
        let people = people(Language::Ru);
        let taken: HashSet<&str> = people.iter().map(|p| p.email.as_str()).collect();
        assert_eq!(taken.len(), 2000, "every address is new");
        assert!(
            taken.iter().all(|e| e.split('@').next().unwrap().ends_with(|c: char| c.is_ascii_digit())),
            "no bare names"
        );
        let cyrillic = in_cyrillic(&people);
        assert!((1400..1750).contains(&cyrillic), "{cyrillic} of 2000 Russian");
        assert!(people.iter().all(|p| p.email.is_ascii() && p.email.contains('@')));
        let women = people.iter().filter(|p| p.gender == "f");
        assert!(women.filter(|p| RU_WOMEN.contains(&p.first.as_str())).all(|p| p.last.ends_with('а')));
        assert!(people.iter().any(|p| p.city == "Москва") && people.iter().any(|p| p.city == "London"));
    }
}
