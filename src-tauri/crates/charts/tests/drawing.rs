//! Charts as an XML parser reads them: valid SVG, the labels and values
//! they should show, and sensible drawings of empty, single and huge data.

use charts::{bars, funnel, grouped_bars, heatmap, lines, Bar, Chart, Series, Theme, TimeAxis};
use quick_xml::events::Event;
use quick_xml::Reader;

/// Every text drawn on the chart, after checking that the SVG is well formed.
fn texts(chart: &Chart) -> Vec<String> {
    let mut reader = Reader::from_str(&chart.svg);
    let (mut out, mut depth, mut saw_svg) = (Vec::new(), 0i32, false);
    loop {
        match reader.read_event().unwrap_or_else(|e| panic!("not valid XML: {e}\n{}", chart.svg)) {
            Event::Start(e) => {
                saw_svg |= e.name().as_ref() == b"svg";
                depth += 1;
            }
            Event::End(_) => depth -= 1,
            Event::Text(t) => {
                let text = t.unescape().unwrap().trim().to_string();
                if !text.is_empty() {
                    out.push(text);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert!(saw_svg && depth == 0, "a whole <svg> document");
    out
}

fn hours(n: usize) -> TimeAxis {
    TimeAxis { labels: (0..n).map(|h| format!("{:02}:00", h % 24)).collect() }
}

#[test]
fn a_line_chart_has_its_axis_labels_values_and_one_mark_per_point() {
    let opens = Series { name: "opens".into(), values: vec![0.0, 120.0, 480.0, 300.0, 90.0, 40.0] };
    let clicks = Series { name: "clicks".into(), values: vec![0.0, 10.0, 60.0, 35.0, 8.0, 2.0] };
    let chart = lines(&hours(6), &[opens, clicks], 640, 240, Theme::Light).unwrap();
    let drawn = texts(&chart);
    assert!(drawn.contains(&"00:00".to_string()) && drawn.contains(&"05:00".to_string()), "{drawn:?}");
    let ticks: Vec<f64> = drawn.iter().filter_map(|t| t.replace('\u{202F}', "").parse().ok()).collect();
    assert_eq!(ticks.first(), Some(&0.0), "the value axis starts at zero: {drawn:?}");
    assert!(ticks.iter().all(|t| *t <= 500.0) && ticks.iter().any(|t| *t >= 400.0), "up to a round 500: {drawn:?}");
    assert_eq!(chart.marks.len(), 6);
    assert_eq!(chart.marks[2].values, vec![("opens".to_string(), 480.0), ("clicks".to_string(), 60.0)]);
    assert!(chart.marks.windows(2).all(|w| w[0].x < w[1].x), "marks left to right");
    assert!(chart.svg.contains("#4F46E5") || chart.svg.to_lowercase().contains("#4f46e5"), "the light theme's colour");
}

#[test]
fn the_dark_theme_draws_in_its_own_colours() {
    let series = [Series { name: "opens".into(), values: vec![1.0, 2.0] }];
    let dark = lines(&hours(2), &series, 400, 200, Theme::Dark).unwrap().svg.to_lowercase();
    assert!(dark.contains("#8b85ff") && !dark.contains("#4f46e5"), "{dark}");
}

#[test]
fn empty_and_single_point_data_draw_sensibly() {
    let empty = lines(&TimeAxis::default(), &[], 400, 200, Theme::Light).unwrap();
    texts(&empty);
    assert!(empty.marks.is_empty());
    let one = lines(&hours(1), &[Series { name: "opens".into(), values: vec![7.0] }], 400, 200, Theme::Light).unwrap();
    texts(&one);
    assert_eq!(one.marks.len(), 1);
    assert!(one.svg.contains("<circle"), "one point shows as a dot");
    let no_bars = bars(&[], 500, Theme::Light).unwrap();
    texts(&no_bars);
    assert!(no_bars.marks.is_empty() && no_bars.height > 0);
}

#[test]
fn huge_values_are_grouped_and_nothing_overflows() {
    let series = [Series { name: "opens".into(), values: vec![0.0, 1_000_000.0, 2_500_000_000.0] }];
    let chart = lines(&hours(3), &series, 640, 240, Theme::Light).unwrap();
    let drawn = texts(&chart);
    assert!(drawn.iter().any(|t| t == "2\u{202F}000\u{202F}000\u{202F}000"), "grouped digits: {drawn:?}");
    let tall = bars(
        &[Bar { label: "big".into(), value: 1e15 }, Bar { label: "inf".into(), value: f64::INFINITY }],
        500,
        Theme::Light,
    )
    .unwrap();
    texts(&tall);
}

#[test]
fn long_and_cyrillic_labels_are_shortened_on_the_chart_and_whole_in_marks() {
    let long = "https://shop.example/catalogue/coffee/colombia-huila?utm_source=newsletter";
    let items = [
        Bar { label: long.into(), value: 420.0 },
        Bar { label: "Весенняя распродажа".into(), value: 96.0 },
        Bar { label: "<script>alert(1)</script>".into(), value: 3.0 },
    ];
    let chart = bars(&items, 640, Theme::Light).unwrap();
    let drawn = texts(&chart);
    assert!(drawn.iter().any(|t| t.starts_with("https://shop.example/") && t.ends_with('…')), "{drawn:?}");
    assert!(drawn.contains(&"Весенняя распродажа".to_string()));
    assert!(drawn.contains(&"<script>alert(1)</script>".to_string()), "drawn as text, escaped in the SVG");
    assert!(!chart.svg.contains("<script>"));
    assert_eq!(chart.marks[0].label, long, "the whole label on hover");
    assert_eq!(chart.marks[0].values[0].1, 420.0);
}

#[test]
fn a_funnel_narrows_with_each_step() {
    let steps = [
        Bar { label: "Sent".into(), value: 1000.0 },
        Bar { label: "Delivered".into(), value: 950.0 },
        Bar { label: "Opened".into(), value: 400.0 },
        Bar { label: "Clicked".into(), value: 80.0 },
    ];
    let chart = funnel(&steps, 640, Theme::Light).unwrap();
    let widths: Vec<f64> = chart
        .svg
        .lines()
        .filter(|l| l.contains("<rect"))
        .filter_map(|l| l.split("width=\"").nth(1)?.split('"').next()?.parse().ok())
        .collect();
    assert_eq!(widths.len(), 4, "{}", chart.svg);
    assert!(widths.windows(2).all(|w| w[0] >= w[1]), "{widths:?}");
    texts(&chart);
}

#[test]
fn grouped_bars_put_each_series_in_each_group_with_its_written_value() {
    let groups = vec!["Открываемость".to_string(), "Кликабельность".to_string()];
    let series = [
        Series { name: "Весенняя распродажа".into(), values: vec![0.412, 0.083] },
        Series { name: "Осень".into(), values: vec![0.35, 0.0] },
    ];
    let chart = grouped_bars(&groups, &series, 760, Theme::Light, |v| format!("{:.1} %", v * 100.0)).unwrap();
    let drawn = texts(&chart);
    assert!(drawn.contains(&"Открываемость".to_string()), "{drawn:?}");
    assert!(drawn.contains(&"41.2 %".to_string()) && drawn.contains(&"0.0 %".to_string()), "{drawn:?}");
    assert_eq!(chart.marks.len(), 2, "a mark per group");
    assert_eq!(chart.marks[0].values, vec![("Весенняя распродажа".to_string(), 0.412), ("Осень".to_string(), 0.35)]);
    let empty = grouped_bars(&[], &[], 760, Theme::Dark, |v| v.to_string()).unwrap();
    texts(&empty);
    assert!(empty.marks.is_empty() && empty.height > 0);
}

#[test]
fn a_heatmap_marks_every_cell_and_shades_the_largest_darkest() {
    let rows: Vec<String> = ["Пн", "Вт"].map(String::from).to_vec();
    let columns: Vec<String> = (0..24).map(|h| format!("{h:02}")).collect();
    let mut values = vec![vec![0.0; 24]; 2];
    values[1][9] = 1_000_000.0;
    values[0][20] = 250_000.0;
    let chart = heatmap(&rows, &columns, &values, 760, Theme::Light).unwrap();
    let drawn = texts(&chart);
    assert!(drawn.contains(&"Пн".to_string()) && drawn.contains(&"09".to_string()), "{drawn:?}");
    assert_eq!(chart.marks.len(), 48, "a mark per cell");
    let busiest = chart.marks.iter().max_by(|a, b| a.values[0].1.total_cmp(&b.values[0].1)).unwrap();
    assert_eq!(busiest.label, "Вт 09");
    assert!(
        chart.svg.contains("opacity=\"1\"") || chart.svg.contains("fill-opacity=\"1\""),
        "the largest cell is solid"
    );
    let empty = heatmap(&rows, &columns, &[], 760, Theme::Dark).unwrap();
    texts(&empty);
    assert_eq!(empty.marks.len(), 48, "no data still draws the grid");
}

#[test]
fn every_mark_lies_within_its_chart() {
    let within = |chart: &Chart, what: &str| {
        for m in &chart.marks {
            assert!(
                m.x >= 0 && m.y >= 0 && m.x + m.width <= chart.width as i32 && m.y + m.height <= chart.height as i32,
                "{what}: {m:?} outside {}x{}",
                chart.width,
                chart.height
            );
        }
    };
    for points in [1, 2, 3, 50] {
        let series = [Series { name: "o".into(), values: (0..points).map(|n| n as f64).collect() }];
        within(&lines(&hours(points), &series, 480, 240, Theme::Light).unwrap(), &format!("{points} points"));
    }
    let few = [Bar { label: "a".into(), value: 3.0 }, Bar { label: "b".into(), value: 1.0 }];
    within(&bars(&few, 480, Theme::Dark).unwrap(), "bars");
    within(&funnel(&few, 760, Theme::Dark).unwrap(), "funnel");
    let rows: Vec<String> = ["пн", "вт"].map(String::from).to_vec();
    let columns: Vec<String> = (0..24).map(|h| h.to_string()).collect();
    within(&heatmap(&rows, &columns, &[vec![1.0; 24], vec![2.0; 24]], 480, Theme::Light).unwrap(), "heatmap");
    let groups = vec!["x".to_string()];
    let two = [Series { name: "a".into(), values: vec![0.5] }, Series { name: "b".into(), values: vec![0.2] }];
    within(&grouped_bars(&groups, &two, 760, Theme::Light, |v| v.to_string()).unwrap(), "grouped");
}

#[test]
fn labels_from_outside_are_drawn_without_control_characters() {
    let hostile = "Sale\u{0}\u{1b}[31m\u{202E}gpj.exe\u{2066}";
    let bar = bars(&[Bar { label: hostile.into(), value: 3.0 }], 600, Theme::Light).unwrap();
    let axis = TimeAxis { labels: vec![hostile.into(), "01:00".into()] };
    let line =
        lines(&axis, &[Series { name: hostile.into(), values: vec![1.0, 2.0] }], 600, 240, Theme::Light).unwrap();
    let cells = heatmap(&[hostile.into()], &[hostile.into()], &[vec![1.0]], 600, Theme::Light).unwrap();
    for chart in [&bar, &line, &cells] {
        let drawn = texts(chart);
        assert!(drawn.iter().any(|t| t.contains("Sale[31mgpj.exe")), "the label is drawn, cleaned: {drawn:?}");
        let hidden = |t: &str| t.chars().any(printable::is_hidden);
        let svg_text: String = chart.svg.split('\n').collect();
        assert!(!hidden(&svg_text), "no control or reordering character in the SVG beside its own line ends");
        assert!(chart.marks.iter().all(|m| !hidden(&m.label) && m.values.iter().all(|(n, _)| !hidden(n))));
        assert!(chart.legend.iter().all(|(n, _)| !hidden(n)));
    }
}

#[test]
fn the_last_date_under_a_line_chart_is_drawn_whole_inside_it() {
    let axis = TimeAxis { labels: vec!["08.11".into(), "19.11".into(), "28.11".into()] };
    let rate = Series { name: "opens".into(), values: vec![48.0, 47.5, 41.0] };
    let chart = lines(&axis, &[rate], 480, 240, Theme::Dark).unwrap();
    // Where the label is written, centred on x: at the font's drawn size, at least 5.5 pixels a character.
    let at = chart.svg.find("28.11").expect("the last date is drawn");
    let tag = &chart.svg[chart.svg[..at].rfind("<text").unwrap()..at];
    let x: f64 = tag.split(" x=\"").nth(1).and_then(|v| v.split('"').next()).and_then(|v| v.parse().ok()).unwrap();
    assert!(tag.contains("middle"), "centred on its point: {tag}");
    assert!(x + 2.5 * 5.5 <= 480.0, "its second half is inside the chart: x = {x}");
}
