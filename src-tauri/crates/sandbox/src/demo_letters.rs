//! The demo's letters as a roaster's designer makes them: a table layout
//! 600 pixels wide that narrows to one column on a phone, a header, a
//! picture, the news, two columns (the shop, the roastery) and a footer
//! with the service's unsubscribe element (`id="unsub_link"`,
//! `%ОТПИСАТЬСЯ%`), in the demo's language.

use crate::demo_language::{Language, Said};

pub(crate) const BRAND: Said = ["Northwind Coffee Roasters", "Обжарочная «Северный ветер»"];
/// The roaster's subscription plans its letters and lists speak of.
pub(crate) const ESPRESSO: Said = ["Espresso", "Эспрессо"];
pub(crate) const FILTER: Said = ["Filter", "Фильтр"];
pub(crate) const OFFICE: Said = ["Office", "Для офиса"];
const SITE: &str = "https://northwind-cafe.com";
const READ_MORE: Said = ["Read more", "Читать дальше"];
const SHOP_TITLE: Said = ["From the shop", "В магазине"];
const SHOP_TEXT: Said =
    ["Lots roasted this week, on their way to you in two days.", "Свежая обжарка этой недели — отправим за два дня."];
const SHOP_LINK: Said = ["Visit the shop", "В магазин"];
const ROASTERY_TITLE: Said = ["At the roastery", "В обжарочной"];
const ROASTERY_TEXT: Said =
    ["Cuppings on Saturdays, latte art evenings on Thursdays.", "Каппинги по субботам, латте-арт по четвергам."];
const ROASTERY_LINK: Said = ["Workshops", "Мастер-классы"];
const WHY: Said = [
    "You get this letter because you subscribed at northwind-cafe.com. Northwind Coffee Roasters, Roastery Lane 4, Moscow.",
    "Вы получили это письмо, потому что подписались на northwind-cafe.com. Обжарочная «Северный ветер», Москва, Обжарочный переулок, 4.",
];
const UNSUBSCRIBE: Said = ["Unsubscribe", "Отписаться"];
const PICTURE: Said = ["Freshly roasted beans", "Свежеобжаренное зерно"];

/// The saved templates' names and what their letters say: (name, title, body, path).
pub(crate) const TEMPLATES: [(Said, Said, Said, &str); 2] = [
    (
        ["Classic newsletter", "Ежемесячная рассылка"],
        ["This month at Northwind", "Этот месяц в «Северном ветре»"],
        ["News from the roastery: new lots, events and a recipe.", "Новости обжарочной: новые лоты, события и рецепт."],
        "blog",
    ),
    (
        ["Product announcement", "Анонс новинки"],
        ["Something new in the shop", "Новинка в магазине"],
        [
            "A new lot arrived this week. Here is what it tastes like.",
            "На этой неделе приехал новый лот. Рассказываем, каков он на вкус.",
        ],
        "shop",
    ),
];

/// The whole letter: `title` as its heading, `body` as its news and
/// `path` on the site where the button leads.
pub(crate) fn letter(language: Language, title: &str, body: &str, path: &str) -> String {
    let say = |said: Said| language.say(said);
    let greeting = match language {
        Language::En => "Hello %NAME%,",
        Language::Ru => "Здравствуйте, %NAME%!",
    };
    let column = |title: Said, text: Said, link: Said, to: &str| {
        format!(
            r#"<td class="col" width="50%" valign="top" style="padding:12px"><h2 style="margin:0 0 8px;font-size:18px;color:#4f2c1d">{}</h2><p style="margin:0 0 8px">{}</p><a href="{SITE}/{to}" style="color:#a0522d">{}</a></td>"#,
            say(title),
            say(text),
            say(link)
        )
    };
    format!(
        r##"<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>@media (max-width: 620px) {{ .wrap {{ width: 100% !important; }} .col {{ display: block !important; width: 100% !important; }} }}</style></head>
<body style="margin:0;background:#f4efe9">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" bgcolor="#f4efe9" style="background:#f4efe9"><tr><td align="center" style="padding:16px 0">
<table role="presentation" class="wrap" width="600" cellpadding="0" cellspacing="0" bgcolor="#ffffff" style="width:600px;background:#ffffff;font-family:Georgia,serif;color:#2b1a12;line-height:1.5">
<tr><td bgcolor="#4f2c1d" style="padding:18px 24px;background:#4f2c1d;color:#ffffff;font-size:20px"><font color="#ffffff" size="5">{brand}</font></td></tr>
<tr><td><img src="{SITE}/img/{image}.jpg" width="600" height="260" alt="{picture}" style="display:block;width:100%;max-width:600px;height:auto;border:0"></td></tr>
<tr><td style="padding:24px 24px 8px"><h1 style="margin:0 0 12px;font-size:26px;color:#4f2c1d">{title}</h1><p>{greeting}</p><p>{body}</p>
<p><a href="{SITE}/{path}" style="display:inline-block;background:#4f2c1d;color:#ffffff;padding:10px 18px;text-decoration:none">{read_more}</a></p></td></tr>
<tr><td style="padding:0 12px 16px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>
{shop}
{roastery}
</tr></table></td></tr>
<tr><td bgcolor="#f8f4f0" style="padding:16px 24px;background:#f8f4f0;font-size:12px;color:#7a6a60"><font size="2" color="#7a6a60">{why} <a href="https://instagram.com/northwindcoffee" style="color:#7a6a60">Instagram</a><br>
<a id="unsub_link" href="%ОТПИСАТЬСЯ%" style="color:#7a6a60">{unsubscribe}</a></font></td></tr>
</table></td></tr></table>
</body></html>"##,
        lang = language.code(),
        brand = say(BRAND),
        image = if path.is_empty() { "roastery" } else { path.split('/').next_back().unwrap_or("roastery") },
        picture = say(PICTURE),
        read_more = say(READ_MORE),
        shop = column(SHOP_TITLE, SHOP_TEXT, SHOP_LINK, "shop"),
        roastery = column(ROASTERY_TITLE, ROASTERY_TEXT, ROASTERY_LINK, "workshops"),
        why = say(WHY),
        unsubscribe = say(UNSUBSCRIBE),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_is_responsive_with_a_picture_two_columns_and_the_unsubscribe_element() {
        for (language, hello, unsubscribe) in
            [(Language::En, "Hello %NAME%,", ">Unsubscribe<"), (Language::Ru, "Здравствуйте, %NAME%!", ">Отписаться<")]
        {
            let html = letter(language, "Title", "Body", "club/april");
            assert!(html.contains("@media (max-width: 620px)") && html.contains("name=\"viewport\""), "responsive");
            assert!(html.contains("<img src=\"https://northwind-cafe.com/img/april.jpg\""), "a picture");
            assert!(html.contains("alt=\""), "with its description");
            assert_eq!(html.matches("class=\"col\"").count(), 2, "two columns");
            assert!(html.contains(r#"<a id="unsub_link" href="%ОТПИСАТЬСЯ%""#), "the unsubscribe element");
            assert!(html.contains(hello) && html.contains(unsubscribe), "{language:?}");
        }
    }
}
