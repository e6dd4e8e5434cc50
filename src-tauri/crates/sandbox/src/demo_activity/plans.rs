//! The year's sent campaigns: what each said, to which list or segment, and when.

use super::{CLUB, EXPO, NEWSLETTER, STORE, WHOLESALE, WORKSHOP};
use serde_json::{json, Value};

pub(super) fn city(name: &str, list_id: i64) -> Value {
    json!({ list_id.to_string(): {"match": "all", "c": [{"field": "merge_3", "op": "is", "value": name}]} })
}

pub(super) fn roast(name: &str, list_id: i64) -> Value {
    json!({ list_id.to_string(): {"match": "all", "c": [{"field": "merge_5", "op": "is", "value": name}]} })
}

pub(super) struct Plan {
    pub(super) name: &'static str,
    pub(super) subject: &'static str,
    pub(super) body: &'static str,
    pub(super) path: &'static str,
    pub(super) list_id: i64,
    pub(super) segment: Option<Value>,
    pub(super) days_ago: i64,
    pub(super) folder: &'static str,
}

pub(super) fn plans() -> Vec<Plan> {
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
            "Winter blend launch — Novosibirsk",
            "Our winter blend is here",
            "Dark chocolate, orange peel and a warm finish.",
            "blog/winter-blend",
            NEWSLETTER,
            Some(city("Новосибирск", NEWSLETTER)),
            330,
            "Newsletters",
        ),
        plan(
            "Expo 2025 — thank you",
            "Thanks for visiting our stand",
            "Here is the 15% code we promised at the fair.",
            "expo",
            EXPO,
            None,
            320,
            "",
        ),
        plan(
            "Spring harvest — Saint Petersburg",
            "Fresh spring harvest from Ethiopia",
            "Floral, bright and only 300 bags of it.",
            "blog/spring-harvest",
            NEWSLETTER,
            Some(city("Санкт-Петербург", NEWSLETTER)),
            250,
            "Newsletters",
        ),
        plan(
            "Coffee club — April box",
            "What is in your April box",
            "Two Colombian lots and a brewing card.",
            "club/april",
            CLUB,
            None,
            230,
            "Coffee club",
        ),
        plan(
            "Filter lovers: new Kenya",
            "A Kenya for your V60",
            "Blackcurrant, tomato leaf and a long sweet finish.",
            "shop/kenya",
            STORE,
            Some(roast("Filter", STORE)),
            200,
            "",
        ),
        plan(
            "Latte art workshop — invitation",
            "Learn latte art with our baristas",
            "Three evenings, six people per class.",
            "workshops",
            WORKSHOP,
            None,
            150,
            "",
        ),
        plan(
            "Coffee club — June box",
            "Your June box ships Monday",
            "A natural Brazil and a washed Guatemala.",
            "club/june",
            CLUB,
            None,
            140,
            "Coffee club",
        ),
        plan(
            "Wholesale price list 2026",
            "Our wholesale prices for the second half",
            "New office blends and volume prices.",
            "wholesale",
            WHOLESALE,
            None,
            120,
            "",
        ),
        plan(
            "Summer cold brew — Kazan",
            "Cold brew season",
            "Our recipe for a litre of cold brew.",
            "blog/cold-brew",
            NEWSLETTER,
            Some(city("Казань", NEWSLETTER)),
            100,
            "Newsletters",
        ),
        plan(
            "Espresso fans: new house blend",
            "A new house espresso",
            "Caramel, hazelnut and a thick crema.",
            "shop/house-espresso",
            STORE,
            Some(roast("Espresso", STORE)),
            80,
            "",
        ),
        plan(
            "Coffee club — September box",
            "September: two lots from Rwanda",
            "Plus a free cupping spoon.",
            "club/september",
            CLUB,
            None,
            60,
            "Coffee club",
        ),
        plan(
            "Autumn roastery open day — Moscow",
            "Visit the roastery on Saturday",
            "Tours every hour, free tastings all day.",
            "open-day",
            NEWSLETTER,
            Some(city("Москва", NEWSLETTER)),
            40,
            "Newsletters",
        ),
        plan(
            "Office orders: gift sets",
            "Gift sets for your team",
            "Order before December 10 for delivery in time.",
            "shop/gifts",
            STORE,
            Some(roast("Office", STORE)),
            20,
            "",
        ),
        plan(
            "Coffee club — November box",
            "November: a rare Panama Geisha",
            "Only for club members, 120 g per box.",
            "club/november",
            CLUB,
            None,
            9,
            "Coffee club",
        ),
    ]
}
