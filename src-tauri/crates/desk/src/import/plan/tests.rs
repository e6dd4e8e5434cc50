use super::*;
use crate::import::open_bytes;

fn plan(columns: Vec<ColumnUse>, choices: Choices) -> ImportPlan {
    ImportPlan { list_id: 1, file_id: String::new(), header: true, columns, choices, reading: Default::default() }
}

fn fates(file: &str, plan: &ImportPlan, excluded: &Excluded) -> Vec<(u64, Fate)> {
    fates_after(file, plan, excluded, &[])
}

/// The fates of a file's rows once the service refused the rows `refused`.
fn fates_after(file: &str, plan: &ImportPlan, excluded: &Excluded, refused: &[u64]) -> Vec<(u64, Fate)> {
    let mut decider = Decider::new(plan, excluded).unwrap().knowing_refused(refused.iter().copied().collect());
    let mut out = Vec::new();
    open_bytes(file.as_bytes().to_vec())
        .unwrap()
        .for_each_row(|row, cells| {
            out.push((row, decider.decide_at(row, cells)));
            true
        })
        .unwrap();
    out
}

#[test]
fn a_refused_row_s_address_goes_again_with_the_next_row_that_has_it() {
    let file = "E-mail;Город\nanna@x.ru;31.02\nboris@x.ru;Омск\nANNA@x.ru;Тула\nanna@x.ru;Томск\n";
    let columns = vec![ColumnUse::Address, ColumnUse::Field { field_id: 2 }];
    let plan = plan(columns, Choices { fix_typos: true, keep_roles: true, update_existing: false });
    let none = Excluded::default();
    let repeat = Fate::Skip(Reason::Duplicate, None);
    let before = fates(file, &plan, &none);
    assert_eq!((&before[2].1, &before[3].1), (&repeat, &repeat), "refusals unknown: repeats");
    let once = fates_after(file, &plan, &none, &[2]);
    assert_eq!(once[0], (2, sent("anna@x.ru", Some("31.02"))), "the refused row's fate is what it was");
    assert_eq!(once[1], (3, sent("boris@x.ru", Some("Омск"))));
    let Fate::SendAgain(again) = &once[2].1 else { panic!("{:?}", once[2]) };
    assert_eq!((once[2].0, again.email.as_str()), (4, "ANNA@x.ru"));
    assert_eq!(once[3], (5, repeat.clone()), "once taken, the address is a repeat again");
    let twice = fates_after(file, &plan, &none, &[2, 4]);
    assert_eq!(twice[3], (5, repeat.clone()), "refused again: an address goes again once, not row by row");
    let other = fates_after(file, &plan, &none, &[3]);
    assert_eq!(other[1..], before[1..], "a refused address no row repeats changes nothing");
}

fn sent(email: &str, city: Option<&str>) -> Fate {
    let mut merges = MergeValues::default();
    if let Some(city) = city {
        merges.set(2, city);
    }
    Fate::Send(NewMember { email: email.into(), merges, ..NewMember::default() })
}

#[test]
fn each_row_is_sent_or_skipped_as_the_choices_say() {
    let file = "E-mail;Город;Заметка\nivan@x.ru;Омск;a\noleg@gmial.com;;b\ninfo@shop.ru;Тула;c\nIVAN@x.ru;Омск;d\nanna@x.ru;Томск;e\nbad@;;\n";
    let columns = vec![ColumnUse::Address, ColumnUse::Field { field_id: 2 }, ColumnUse::Skip];
    let mut excluded = Excluded::default();
    excluded.add("Anna@X.ru", Reason::Unsubscribed);
    let cautious = plan(columns.clone(), Choices { fix_typos: false, keep_roles: false, update_existing: false });
    assert_eq!(
        fates(file, &cautious, &excluded),
        vec![
            (2, sent("ivan@x.ru", Some("Омск"))),
            (3, Fate::Skip(Reason::TypoDomain, Some("oleg@gmail.com".into()))),
            (4, Fate::Skip(Reason::RoleAddress, None)),
            (5, Fate::Skip(Reason::Duplicate, None)),
            (6, Fate::Skip(Reason::Unsubscribed, None)),
            (7, Fate::Skip(Reason::InvalidAddress, None)),
        ]
    );
    let trusting = plan(columns, Choices { fix_typos: true, keep_roles: true, update_existing: false });
    let fates = fates(file, &trusting, &excluded);
    assert_eq!(fates[1], (3, sent("oleg@gmail.com", None)), "the fix is sent, and an empty cell fills nothing");
    assert_eq!(fates[2], (4, sent("info@shop.ru", Some("Тула"))));
    assert_eq!(fates[4], (6, Fate::Skip(Reason::Unsubscribed, None)), "never resubscribed, whatever the choices");
}

#[test]
fn a_plan_without_an_address_or_with_a_field_still_to_make_decides_nothing() {
    let choices = Choices { fix_typos: true, keep_roles: true, update_existing: true };
    let excluded = Excluded::default();
    assert!(Decider::new(&plan(vec![ColumnUse::Skip], choices), &excluded).is_none());
    let unmade = plan(vec![ColumnUse::Address, ColumnUse::NewField { title: "Город".into() }], choices);
    assert!(Decider::new(&unmade, &excluded).is_none());
}

#[test]
fn columns_are_offered_by_memory_then_by_the_list_s_fields_then_as_new_fields() {
    let names: Vec<String> = ["Email", "Имя", "City", "Телефон", "", "Фамилия"].map(String::from).to_vec();
    let fields = vec![
        (1, "Имя".to_string(), "NAME1".to_string()),
        (3, "Город".to_string(), "CITY".to_string()),
        (4, "Last name".to_string(), "LNAME".to_string()),
    ];
    let mut remembered = HashMap::new();
    remembered.insert("телефон".to_string(), ColumnUse::Skip);
    remembered.insert("имя".to_string(), ColumnUse::Field { field_id: 9 });
    assert_eq!(
        suggested_uses(&names, 0, &fields, &remembered),
        vec![
            ColumnUse::Address,
            ColumnUse::Field { field_id: 1 },
            ColumnUse::Field { field_id: 3 },
            ColumnUse::Skip,
            ColumnUse::Skip,
            ColumnUse::Field { field_id: 4 },
        ],
        "a remembered field that is gone is not offered; Фамилия is the Last name"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Whatever the rows and the choices: each row is decided, no address
    /// goes twice whatever its case, none goes that the account excluded,
    /// and every address that goes is one.
    #[test]
    fn no_address_goes_twice_and_none_that_is_not_one(
        picks in proptest::collection::vec(0usize..12, 1..60),
        fix_typos: bool,
        keep_roles: bool,
    ) {
        const POOL: [&str; 12] = [
            "anna@x.ru", "ANNA@x.ru", "anna@gmial.com", "anna@gmail.com", "info@x.ru", "",
            "bad@", "oleg@mail.ry", "oleg@mail.ru", "gone@x.ru", " anna@x.ru ", "ivan@пример.рф",
        ];
        let file: String = std::iter::once("email".to_string())
            .chain(picks.iter().map(|&i| POOL[i].to_string()))
            .collect::<Vec<_>>()
            .join("\n") + "\n";
        let mut excluded = Excluded::default();
        excluded.add("gone@x.ru", Reason::Unsubscribed);
        let plan = plan(vec![ColumnUse::Address], Choices { fix_typos, keep_roles, update_existing: false });
        let decided = fates(&file, &plan, &excluded);
        let blank = picks.iter().filter(|&&i| POOL[i].is_empty()).count();
        proptest::prop_assert_eq!(decided.len() + blank, picks.len(), "every row but the blank ones decided");
        let mut seen = std::collections::HashSet::new();
        let mut judge = crate::address::Judge::default();
        for (_, fate) in &decided {
            if let Fate::Send(member) = fate {
                proptest::prop_assert!(seen.insert(member.email.to_lowercase()), "{} twice", member.email);
                proptest::prop_assert_ne!(member.email.as_str(), "gone@x.ru");
                let verdict = judge.judge(&member.email);
                proptest::prop_assert!(!matches!(verdict, crate::address::Verdict::Missing | crate::address::Verdict::Invalid));
            }
        }
    }

    /// Whatever the service refused: an address is taken at most once,
    /// goes again once at most, only after its first row was refused, and
    /// the rows sent the first time are the ones sent with no refusal.
    #[test]
    fn an_address_is_taken_once_whatever_the_service_refused(
        picks in proptest::collection::vec(0usize..5, 1..40),
        refused in proptest::collection::hash_set(2u64..42, 0..20),
    ) {
        const POOL: [&str; 5] = ["anna@x.ru", "ANNA@x.ru", "boris@x.ru", "anna@gmial.com", "vera@x.ru"];
        let file: String = std::iter::once("email".to_string())
            .chain(picks.iter().map(|&i| POOL[i].to_string()))
            .collect::<Vec<_>>()
            .join("\n") + "\n";
        let plan = plan(vec![ColumnUse::Address], Choices { fix_typos: true, keep_roles: true, update_existing: false });
        let none = Excluded::default();
        let refused: Vec<u64> = refused.into_iter().collect();
        let after = fates_after(&file, &plan, &none, &refused);
        let first_time = |fates: &[(u64, Fate)]| -> Vec<u64> {
            fates.iter().filter(|(_, f)| matches!(f, Fate::Send(_))).map(|(row, _)| *row).collect()
        };
        proptest::prop_assert_eq!(first_time(&after), first_time(&fates(&file, &plan, &none)));
        // Per address, whether each of its rows that went was refused.
        let mut gone: HashMap<String, Vec<bool>> = HashMap::new();
        for (row, fate) in &after {
            let (member, again) = match fate {
                Fate::Send(m) => (m, false),
                Fate::SendAgain(m) => (m, true),
                Fate::Skip(..) => continue,
            };
            let went = gone.entry(member.email.to_lowercase()).or_default();
            proptest::prop_assert_eq!(again, went.len() == 1, "row {}: again only as the second", row);
            proptest::prop_assert!(went.iter().all(|refused| *refused), "row {} after the address was taken", row);
            went.push(refused.contains(row));
        }
        proptest::prop_assert!(gone.values().all(|went| went.len() <= 2));
    }
}
