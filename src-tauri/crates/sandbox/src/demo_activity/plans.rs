//! The year's sent campaigns: what each said, to which list or segment, and when.

use super::shared::{CLUB, EXPO, NEWSLETTER, STORE, WHOLESALE, WORKSHOP};
use crate::demo_language::{Language, Said};
use crate::demo_letters::{ESPRESSO, FILTER, OFFICE};
use serde_json::{json, Value};

pub(super) fn city(name: &str, list_id: i64) -> Value {
    json!({ list_id.to_string(): {"match": "all", "c": [{"field": "merge_3", "op": "is", "value": name}]} })
}

pub(super) fn roast(name: &str, list_id: i64) -> Value {
    json!({ list_id.to_string(): {"match": "all", "c": [{"field": "merge_5", "op": "is", "value": name}]} })
}

pub(super) struct Plan {
    pub(super) name: Said,
    pub(super) subject: Said,
    pub(super) body: Said,
    pub(super) path: &'static str,
    pub(super) list_id: i64,
    pub(super) segment: Option<Value>,
    pub(super) days_ago: i64,
    pub(super) folder: Said,
}

/// The plans in `language`: the segments name the roasts as the list's
/// field offers them in it.
pub(super) fn plans(language: Language) -> Vec<Plan> {
    let roast = |said: Said, list_id| roast(language.say(said), list_id);
    let plan = |name, subject, body, path, list_id, segment, days_ago, folder| Plan {
        name,
        subject,
        body,
        path,
        list_id,
        segment,
        days_ago,
        folder,
    };
    vec![
        plan(
            ["Winter blend launch — Novosibirsk", "Зимний бленд — Новосибирск"],
            ["Our winter blend is here", "Встречайте зимний бленд"],
            [
                "Dark chocolate, orange peel and a warm finish.",
                "Тёмный шоколад, апельсиновая цедра и тёплое послевкусие.",
            ],
            "blog/winter-blend",
            NEWSLETTER,
            Some(city("Новосибирск", NEWSLETTER)),
            330,
            ["Newsletters", "Новости"],
        ),
        plan(
            ["Expo 2025 — thank you", "Выставка 2025 — спасибо"],
            ["Thanks for visiting our stand", "Спасибо, что заглянули к нам на стенд"],
            ["Here is the 15% code we promised at the fair.", "Обещанный на выставке промокод на 15% — внутри."],
            "expo",
            EXPO,
            None,
            320,
            ["", ""],
        ),
        plan(
            ["Spring harvest — Saint Petersburg", "Весенний урожай — Санкт-Петербург"],
            ["Fresh spring harvest from Ethiopia", "Свежий весенний урожай из Эфиопии"],
            ["Floral, bright and only 300 bags of it.", "Цветочный, яркий, и всего 300 мешков."],
            "blog/spring-harvest",
            NEWSLETTER,
            Some(city("Санкт-Петербург", NEWSLETTER)),
            250,
            ["Newsletters", "Новости"],
        ),
        plan(
            ["Coffee club — April box", "Кофейный клуб — апрельская коробка"],
            ["What is in your April box", "Что в вашей апрельской коробке"],
            ["Two Colombian lots and a brewing card.", "Два лота из Колумбии и карточка с рецептом заваривания."],
            "club/april",
            CLUB,
            None,
            230,
            ["Coffee club", "Кофейный клуб"],
        ),
        plan(
            ["Filter lovers: new Kenya", "Для любителей фильтра: новая Кения"],
            ["A Kenya for your V60", "Кения для вашей воронки V60"],
            [
                "Blackcurrant, tomato leaf and a long sweet finish.",
                "Чёрная смородина, томатный лист и долгое сладкое послевкусие.",
            ],
            "shop/kenya",
            STORE,
            Some(roast(FILTER, STORE)),
            200,
            ["", ""],
        ),
        plan(
            ["Latte art workshop — invitation", "Мастер-класс по латте-арту — приглашение"],
            ["Learn latte art with our baristas", "Научитесь латте-арту с нашими бариста"],
            ["Three evenings, six people per class.", "Три вечера, шесть человек в группе."],
            "workshops",
            WORKSHOP,
            None,
            150,
            ["", ""],
        ),
        plan(
            ["Coffee club — June box", "Кофейный клуб — июньская коробка"],
            ["Your June box ships Monday", "Июньская коробка уедет к вам в понедельник"],
            ["A natural Brazil and a washed Guatemala.", "Бразилия натуральной обработки и мытая Гватемала."],
            "club/june",
            CLUB,
            None,
            140,
            ["Coffee club", "Кофейный клуб"],
        ),
        plan(
            ["Wholesale price list 2026", "Оптовый прайс-лист 2026"],
            ["Our wholesale prices for the second half", "Оптовые цены на второе полугодие"],
            ["New office blends and volume prices.", "Новые бленды для офиса и цены за объём."],
            "wholesale",
            WHOLESALE,
            None,
            120,
            ["", ""],
        ),
        plan(
            ["Summer cold brew — Kazan", "Летний колд брю — Казань"],
            ["Cold brew season", "Сезон колд брю"],
            ["Our recipe for a litre of cold brew.", "Наш рецепт литра колд брю."],
            "blog/cold-brew",
            NEWSLETTER,
            Some(city("Казань", NEWSLETTER)),
            100,
            ["Newsletters", "Новости"],
        ),
        plan(
            ["Espresso fans: new house blend", "Для любителей эспрессо: новый домашний бленд"],
            ["A new house espresso", "Новый домашний эспрессо"],
            ["Caramel, hazelnut and a thick crema.", "Карамель, фундук и плотная крема."],
            "shop/house-espresso",
            STORE,
            Some(roast(ESPRESSO, STORE)),
            80,
            ["", ""],
        ),
        plan(
            ["Coffee club — September box", "Кофейный клуб — сентябрьская коробка"],
            ["September: two lots from Rwanda", "Сентябрь: два лота из Руанды"],
            ["Plus a free cupping spoon.", "И ложка для каппинга в подарок."],
            "club/september",
            CLUB,
            None,
            60,
            ["Coffee club", "Кофейный клуб"],
        ),
        plan(
            ["Autumn roastery open day — Moscow", "День открытых дверей в обжарочной — Москва"],
            ["Visit the roastery on Saturday", "Приходите в обжарочную в субботу"],
            ["Tours every hour, free tastings all day.", "Экскурсии каждый час, дегустации весь день."],
            "open-day",
            NEWSLETTER,
            Some(city("Москва", NEWSLETTER)),
            40,
            ["Newsletters", "Новости"],
        ),
        plan(
            ["Office orders: gift sets", "Заказы для офиса: подарочные наборы"],
            ["Gift sets for your team", "Подарочные наборы для вашей команды"],
            ["Order before December 10 for delivery in time.", "Закажите до 10 декабря, чтобы успеть к праздникам."],
            "shop/gifts",
            STORE,
            Some(roast(OFFICE, STORE)),
            20,
            ["", ""],
        ),
        plan(
            ["Coffee club — November box", "Кофейный клуб — ноябрьская коробка"],
            ["November: a rare Panama Geisha", "Ноябрь: редкая гейша из Панамы"],
            ["Only for club members, 120 g per box.", "Только для участников клуба, 120 г в коробке."],
            "club/november",
            CLUB,
            None,
            9,
            ["Coffee club", "Кофейный клуб"],
        ),
    ]
}
