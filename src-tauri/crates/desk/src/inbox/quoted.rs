//! Quoted history, folded away: a reply usually carries the whole earlier
//! exchange under it ("On Monday, Shop wrote: > ..."), and the reader wants
//! what is new. Text is split into what the subscriber wrote and what they
//! quoted; in HTML the first quoted block (with the line that introduces
//! it) goes into a `<details>` element, which opens on a click in the
//! sandboxed frame with no script.

/// Lines that introduce quoted history in the mail programs Russian and
/// English speakers use.
fn introduces_quote(line: &str) -> bool {
    let line = line.trim().to_lowercase();
    let separators = ["original message", "исходное сообщение", "пересылаемое сообщение", "forwarded message"];
    if line.starts_with("---") && separators.iter().any(|s| line.contains(s)) {
        return true;
    }
    let endings = ["wrote:", "написал(а):", "написал:", "написала:", "пишет:", "schrieb:", "a écrit :", "escribió:"];
    // Yandex and Mail.ru name the sender and stop: "3 мар. 2026 г., 10:00, Магазин <news@shop.example>:".
    endings.iter().any(|e| line.ends_with(e)) || (line.ends_with(">:") && line.contains('@'))
}

/// Outlook's header of the message it quotes: "From: …" then, within a few
/// lines, "Sent: …" (in the languages Outlook speaks).
fn starts_header_block(lines: &[&str], at: usize) -> bool {
    let field = |line: &str, names: &[&str]| {
        let line = line.trim().trim_start_matches('*').to_lowercase();
        names.iter().any(|n| line.starts_with(n))
    };
    field(lines[at], &["from:", "от:", "von:", "de :", "de:", "od:", "від:", "från:", "da:", "fra:", "van:"])
        && lines[at + 1..].iter().take(4).any(|l| {
            field(
                l,
                &[
                    "sent:",
                    "date:",
                    "отправлено:",
                    "дата:",
                    "gesendet:",
                    "envoyé :",
                    "enviado:",
                    "wysłano:",
                    "надіслано:",
                    "skickat:",
                    "inviato:",
                    "sendt:",
                    "verzonden:",
                ],
            )
        })
}

fn is_quote_line(line: &str) -> bool {
    line.trim_start().starts_with('>')
}

/// A text message as what the sender wrote and, when there is one, the
/// history they quoted (from its introducing line on). Read in two passes,
/// so a history of a hundred thousand lines takes no longer than reading it.
pub fn split_text(text: &str) -> (String, Option<String>) {
    let lines: Vec<&str> = text.lines().collect();
    let blank = |line: &str| line.trim().is_empty();
    // From the end: whether the next line with text is quoted, and whether
    // every line from here on is blank or quoted.
    let mut next_quoted = vec![false; lines.len()];
    let mut quoted_to_end = vec![true; lines.len() + 1];
    let mut next_with_text_quoted = false;
    for (i, line) in lines.iter().enumerate().rev() {
        next_quoted[i] = next_with_text_quoted;
        if !blank(line) {
            next_with_text_quoted = is_quote_line(line);
        }
        quoted_to_end[i] = quoted_to_end[i + 1] && (blank(line) || is_quote_line(line));
    }
    let start = lines.iter().enumerate().position(|(i, line)| {
        (introduces_quote(line) && (next_quoted[i] || line.trim_start().starts_with("---")))
            || starts_header_block(&lines, i)
            || (is_quote_line(line) && quoted_to_end[i])
    });
    match start {
        Some(start) if start > 0 && lines[..start].iter().any(|l| !blank(l)) => {
            (lines[..start].join("\n").trim_end().to_string(), Some(lines[start..].join("\n")))
        }
        _ => (text.to_string(), None),
    }
}

/// Cleaned HTML with its first quoted block folded into `<details>`. The
/// HTML is ammonia's output, so tags are well formed and text holds no `<`.
pub fn fold_html(html: &str) -> String {
    let Some(open) = html.find("<blockquote") else { return html.to_string() };
    let Some(close) = matching_close(html, open) else { return html.to_string() };
    let start = introduction_start(html, open).unwrap_or(open);
    if visible_text(&html[..start]).trim().is_empty() {
        return html.to_string(); // nothing but the quote: show it all
    }
    format!(
        "{}<details class=\"quoted\"><summary title=\"…\">•••</summary>{}</details>{}",
        &html[..start],
        &html[start..close],
        &html[close..]
    )
}

/// Where the blockquote opened at `open` ends (after its closing tag):
/// its tags read once, in order, however deeply they nest.
fn matching_close(html: &str, open: usize) -> Option<usize> {
    const CLOSE: &str = "</blockquote>";
    let mut depth = 0usize;
    let mut at = open;
    while let Some(found) = html[at..].find('<') {
        let tag = &html[at + found..];
        if tag.starts_with(CLOSE) {
            depth = depth.checked_sub(1)?;
            at += found + CLOSE.len();
            if depth == 0 {
                return Some(at);
            }
        } else {
            depth += usize::from(tag.starts_with("<blockquote"));
            at += found + 1;
        }
    }
    None
}

/// The start of the block just before `open` when its text introduces the
/// quote ("On Monday, Shop wrote:").
fn introduction_start(html: &str, open: usize) -> Option<usize> {
    let before = &html[..open];
    // The nearest block with any text in it: the line just above the quote.
    // Each start is at a tag's edge, so the text after it is the text of
    // the whole that lies after it, and the last of that text is enough.
    let last_text = last_visible(before)?;
    let start = ["<div", "<p>", "<p ", "<br>"]
        .iter()
        .flat_map(|tag| before.match_indices(tag).map(|(i, _)| if *tag == "<br>" { i + tag.len() } else { i }))
        .filter(|&s| s <= last_text)
        .max()?;
    introduces_quote(&visible_text(&before[start..])).then_some(start)
}

/// Where the last visible character that is not a space is.
fn last_visible(html: &str) -> Option<usize> {
    let mut in_tag = false;
    let mut last = None;
    for (at, c) in html.char_indices() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag && !c.is_whitespace() => last = Some(at),
            _ => {}
        }
    }
    last
}

fn visible_text(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_text_after_an_introduction_is_split_off() {
        let text =
            "Thanks, that helps!\n\nOn Mon, 3 Mar 2026, Shop <news@shop.example> wrote:\n> Spring sale\n> starts today";
        let (own, quoted) = split_text(text);
        assert_eq!(own, "Thanks, that helps!");
        assert!(quoted.unwrap().starts_with("On Mon, 3 Mar 2026"));
    }

    #[test]
    fn russian_introductions_and_separators_are_found() {
        let (own, quoted) = split_text(
            "Спасибо!\n\nпн, 3 мар. 2026 г. в 10:00, Магазин <news@shop.example> написал(а):\n> Весенняя распродажа",
        );
        assert_eq!(own, "Спасибо!");
        assert!(quoted.is_some());
        let (own, quoted) =
            split_text("Отпишите меня.\n\n-------- Исходное сообщение --------\nОт: Магазин\nТема: Распродажа");
        assert_eq!(own, "Отпишите меня.");
        assert!(quoted.unwrap().contains("Тема: Распродажа"));
    }

    #[test]
    fn yandex_mail_ru_and_outlook_quotes_are_found() {
        let yandex = "Да, интересно.\n\n03.03.2026, 10:00, \"Зоомагазин «Хвост»\" <news@hvost-shop.ru>:\n> Корма со скидкой\n> Отписаться";
        assert_eq!(split_text(yandex).0, "Да, интересно.");
        let outlook = "Please call me.\n\n________________________________\nFrom: Northwind <news@northwind.example>\nSent: Monday, March 3, 2026 10:00 AM\nTo: Ann\nSubject: Spring sale\n\nUnsubscribe";
        assert_eq!(split_text(outlook).0, "Please call me.\n\n________________________________");
        let russian = "Перезвоните.\n\nОт: Магазин <news@shop.example>\nОтправлено: 3 марта 2026 г. 10:00\nКому: Анна\nТема: Распродажа";
        assert_eq!(split_text(russian).0, "Перезвоните.");
        let signed = "From: my phone, sorry for typos\nSee you Monday.";
        assert_eq!(split_text(signed), (signed.to_string(), None));
    }

    #[test]
    fn a_reply_written_between_quotes_or_with_no_quote_stays_whole() {
        let between = "> Do you ship to Kazan?\nYes, every Tuesday.\n> And to Omsk?\nNot yet.";
        assert_eq!(split_text(between), (between.to_string(), None));
        let plain = "I wrote: this is not a quote";
        assert_eq!(split_text(plain), (plain.to_string(), None));
        let only_quote = "> Spring sale";
        assert_eq!(split_text(only_quote), (only_quote.to_string(), None));
    }

    #[test]
    fn an_html_quote_folds_with_its_introduction_and_what_follows_stays() {
        let html = "<div>Thanks!</div><div>On Mon, Shop wrote:<br></div><blockquote><p>Sale</p><blockquote>older</blockquote></blockquote><p>Ann</p>";
        let folded = fold_html(html);
        assert_eq!(
            folded,
            "<div>Thanks!</div><details class=\"quoted\"><summary title=\"…\">•••</summary><div>On Mon, Shop wrote:<br></div><blockquote><p>Sale</p><blockquote>older</blockquote></blockquote></details><p>Ann</p>"
        );
    }

    /// Reads `text` (`html`) within a second where each line (block) read
    /// again for each other would take minutes: a sender's history of
    /// 100,000 lines froze the thread it was opened in.
    fn at_once<T>(read: impl FnOnce() -> T) -> T {
        let started = std::time::Instant::now();
        let read = read();
        assert!(started.elapsed() < std::time::Duration::from_secs(1), "took {:?}", started.elapsed());
        read
    }

    #[test]
    fn a_long_history_is_split_in_one_reading() {
        let quoted = format!("Thanks!\n{}Not quoted", ">\n".repeat(100_000));
        assert_eq!(at_once(|| split_text(&quoted)), (quoted.clone(), None), "text after the quotes: no history");
        let blank = format!("Thanks!\nShop wrote:{}> sale", "\n".repeat(100_000));
        assert_eq!(at_once(|| split_text(&blank)).0, "Thanks!");
    }

    #[test]
    fn deep_or_long_html_is_folded_in_one_reading() {
        let nested = format!("<p>Hi</p>{}x{}", "<blockquote>".repeat(20_000), "</blockquote>".repeat(20_000));
        assert!(at_once(|| fold_html(&nested)).contains("<details"));
        let empty_blocks =
            format!("<p>Hi</p><div>On Mon, Shop wrote:</div>{}<blockquote>Sale</blockquote>", "<p></p>".repeat(50_000));
        let folded = at_once(|| fold_html(&empty_blocks));
        assert!(
            folded.starts_with("<p>Hi</p><details"),
            "the introduction folds with the quote, past the empty blocks"
        );
    }

    #[test]
    fn html_that_is_only_a_quote_or_has_none_is_left_alone() {
        for html in ["<blockquote>Only this</blockquote>", "<p>No quote here</p>", "<p>Broken <blockquote>never closed"]
        {
            assert_eq!(fold_html(html), html);
        }
    }
}
