//! A file read as the marketer corrected it: the preview follows what was
//! said (a workbook's other sheet, a text's delimiter), and the import
//! sends the rows the preview showed, read the same way.

use crate::common::imports;

use desk::import::{self, Choices, ColumnUse, ImportPlan, ImportStatus, Reading, SlashOrder, Tuning};
use imports::{members_of, prepared, Service};
use sandbox::faults::Faults;

/// A workbook whose first sheet is notes and whose second holds the readers.
fn two_sheets() -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    book.add_worksheet().set_name("Заметки").unwrap().write_string(0, 0, "Список с выставки").unwrap();
    let readers = book.add_worksheet().set_name("Читатели").unwrap();
    for (row, email) in ["E-mail", "olga@coffee.example", "petr@coffee.example"].iter().enumerate() {
        readers.write_string(row as u32, 0, *email).unwrap();
    }
    book.save_to_buffer().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn another_sheet_is_previewed_and_imported_as_chosen() {
    let service = Service::new();
    let running = service.serve(Faults::default()).await;
    let (list_id, session) = prepared(&service, &running).await;
    let path = service.dir.path().join("выставка.xlsx");
    std::fs::write(&path, two_sheets()).unwrap();
    let file_id = session.imports().grant(path.clone());

    let first = import::inspect(&session, list_id, &file_id).await.unwrap();
    assert_eq!(
        (first.sheets.clone(), first.sheet.as_deref()),
        (vec!["Заметки".to_string(), "Читатели".into()], Some("Заметки"))
    );
    let asked = Reading { sheet: Some("Читатели".into()), ..Reading::default() };
    let chosen = import::inspect_as(&session, list_id, &file_id, &asked).await.unwrap();
    assert_eq!((chosen.sheet.as_deref(), chosen.rows, chosen.header), (Some("Читатели"), 2, true));
    assert_eq!(chosen.sample[0], vec!["olga@coffee.example".to_string()]);

    let plan = ImportPlan {
        list_id,
        file_id,
        header: chosen.header,
        columns: vec![ColumnUse::Address],
        choices: Choices { fix_typos: true, keep_roles: true, update_existing: false },
        reading: chosen.reading.clone(),
    };
    let done = import::start(&session, &plan, Tuning::default(), |_| {}).await.unwrap();
    assert_eq!(done.status, ImportStatus::Finished);
    let members = members_of(session.client(), list_id).await;
    assert!(members.contains("olga@coffee.example") && members.contains("petr@coffee.example"), "{members:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_delimiter_said_splits_the_columns_the_preview_shows() {
    let service = Service::new();
    let running = service.serve(Faults::default()).await;
    let (list_id, session) = prepared(&service, &running).await;
    let path = service.dir.path().join("list.txt");
    // Names with commas: the commas split more evenly than the bars.
    std::fs::write(
        &path,
        "email|Фамилия, имя, отчество\nanna@x.example|Петрова, Анна, Сергеевна\nivan@x.example|Иванов, Иван, Иванович\n",
    )
    .unwrap();
    let file_id = session.imports().grant(path);
    let guessed = import::inspect(&session, list_id, &file_id).await.unwrap();
    assert_eq!((guessed.delimiter.as_deref(), guessed.columns.len()), (Some(","), 3), "the comma guessed");
    let said = Reading { delimiter: Some('|'), ..Reading::default() };
    let read = import::inspect_as(&session, list_id, &file_id, &said).await.unwrap();
    assert_eq!((read.delimiter.as_deref(), read.columns.len()), (Some("|"), 2));
    assert_eq!(read.sample[0], vec!["anna@x.example".to_string(), "Петрова, Анна, Сергеевна".into()]);
    assert_eq!(read.columns[0].suggested, ColumnUse::Address);
}

#[tokio::test(flavor = "multi_thread")]
async fn dates_go_as_the_service_s_each_column_in_its_own_order() {
    let service = Service::new();
    let running = service.serve(Faults::default()).await;
    let (list_id, session) = prepared(&service, &running).await;
    let date_field = |title: &str, variable: &str| desk::lists::FieldForm {
        title: title.into(),
        kind: desk::lists::FieldType::Date,
        required: false,
        variable: variable.into(),
        choices: Vec::new(),
    };
    let birthday_id =
        desk::lists::add_field(&session, list_id, &date_field("День рождения", "BIRTHDAY")).await.unwrap();
    let joined_id = desk::lists::add_field(&session, list_id, &date_field("Пришёл", "JOINED")).await.unwrap();
    let path = service.dir.path().join("даты.csv");
    // Birthdays day first or month first alike; sign-up days month first,
    // as one of them (12/25/2023) tells.
    let rows = "email;birthday;joined\nanna@x.example;03/04/1990;03/04/2024\nivan@x.example;04.03.1985;12/25/2023\n\
                olga@x.example;32874;2024-01-15\npetr@x.example;1979-12-31;\n";
    std::fs::write(&path, rows).unwrap();
    let file_id = session.imports().grant(path);

    let preview = import::inspect(&session, list_id, &file_id).await.unwrap();
    assert_eq!(preview.columns[0].slashes, None);
    assert_eq!(preview.columns[1].slashes, Some(SlashOrder::Either), "03/04/1990 read either way: asked");
    assert_eq!(preview.columns[2].slashes, Some(SlashOrder::MonthFirst), "12/25/2023 tells");

    let reading = Reading {
        date_fields: vec![birthday_id, joined_id],
        slash_orders: [(birthday_id, SlashOrder::DayFirst), (joined_id, SlashOrder::MonthFirst)].into(),
        ..preview.reading.clone()
    };
    let plan = ImportPlan {
        list_id,
        file_id,
        header: true,
        columns: vec![
            ColumnUse::Address,
            ColumnUse::Field { field_id: birthday_id },
            ColumnUse::Field { field_id: joined_id },
        ],
        choices: Choices { fix_typos: true, keep_roles: true, update_existing: false },
        reading,
    };
    let done = import::start(&session, &plan, Tuning::default(), |_| {}).await.unwrap();
    assert_eq!(done.status, ImportStatus::Finished);
    let query = api::members::MemberQuery::default();
    let members = api::members::list(session.client(), list_id, &query).collect_all().await.unwrap();
    let date = |email: &str, field_id: u8| {
        let member = members.iter().find(|m| *m.email == email).unwrap_or_else(|| panic!("{email} in the list"));
        member.merges.get(field_id).map(str::to_string)
    };
    assert_eq!(date("anna@x.example", birthday_id).as_deref(), Some("1990-04-03"), "day first, as said");
    assert_eq!(date("anna@x.example", joined_id).as_deref(), Some("2024-03-04"), "month first, as its column told");
    assert_eq!(date("ivan@x.example", birthday_id).as_deref(), Some("1985-03-04"));
    assert_eq!(date("ivan@x.example", joined_id).as_deref(), Some("2023-12-25"));
    assert_eq!(date("olga@x.example", birthday_id).as_deref(), Some("1990-01-01"), "Excel's day 32874");
    assert_eq!(date("olga@x.example", joined_id).as_deref(), Some("2024-01-15"));
    assert_eq!(date("petr@x.example", birthday_id).as_deref(), Some("1979-12-31"));
}
