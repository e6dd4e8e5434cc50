//! A file read as the marketer corrected it: the preview follows what was
//! said (a workbook's other sheet, a text's delimiter), and the import
//! sends the rows the preview showed, read the same way.

#[path = "common/imports.rs"]
mod imports;

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
async fn dates_go_as_the_service_s_once_their_order_is_said() {
    let service = Service::new();
    let running = service.serve(Faults::default()).await;
    let (list_id, session) = prepared(&service, &running).await;
    let form = desk::lists::FieldForm {
        title: "День рождения".into(),
        kind: desk::lists::FieldType::Date,
        required: false,
        variable: "BIRTHDAY".into(),
        choices: Vec::new(),
    };
    let field_id = desk::lists::add_field(&session, list_id, &form).await.unwrap();
    let path = service.dir.path().join("даты.csv");
    let rows = "email;birthday\nanna@x.example;03/04/1990\nivan@x.example;04.03.1985\nolga@x.example;32874\npetr@x.example;1979-12-31\n";
    std::fs::write(&path, rows).unwrap();
    let file_id = session.imports().grant(path);

    let preview = import::inspect(&session, list_id, &file_id).await.unwrap();
    assert_eq!(preview.columns[1].slashes, Some(SlashOrder::Either), "03/04/1990 read either way: asked");
    assert_eq!(preview.columns[0].slashes, None);

    let reading =
        Reading { date_fields: vec![field_id], slashes: Some(SlashOrder::DayFirst), ..preview.reading.clone() };
    let plan = ImportPlan {
        list_id,
        file_id,
        header: true,
        columns: vec![ColumnUse::Address, ColumnUse::Field { field_id }],
        choices: Choices { fix_typos: true, keep_roles: true, update_existing: false },
        reading,
    };
    let done = import::start(&session, &plan, Tuning::default(), |_| {}).await.unwrap();
    assert_eq!(done.status, ImportStatus::Finished);
    let query = api::members::MemberQuery::default();
    let members = api::members::list(session.client(), list_id, &query).collect_all().await.unwrap();
    let birthday = |email: &str| {
        let member = members.iter().find(|m| *m.email == email).unwrap_or_else(|| panic!("{email} in the list"));
        member.merges.get(field_id).map(str::to_string)
    };
    assert_eq!(birthday("anna@x.example").as_deref(), Some("1990-04-03"), "day first, as said");
    assert_eq!(birthday("ivan@x.example").as_deref(), Some("1985-03-04"));
    assert_eq!(birthday("olga@x.example").as_deref(), Some("1990-01-01"), "Excel's day 32874");
    assert_eq!(birthday("petr@x.example").as_deref(), Some("1979-12-31"));
}
