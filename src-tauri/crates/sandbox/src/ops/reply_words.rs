//! What subscribers write back to the demo roaster, in the demo's language:
//! the English demo's readers write mostly in English (some auto-replies and
//! requests in Russian, as a Moscow roaster's readers do), the Russian
//! demo's in Russian.

use crate::demo_language::Language;

const ANSWERS: [&str; 10] = [
    "Hi! Do you ship to Kazan? I'd love to try the new harvest.",
    "Could you tell me whether the Ethiopia roast is good for a moka pot?",
    "My last order arrived with a torn bag. What should I do?",
    "Thanks for the newsletter — the brewing guide was really helpful.",
    "Is there a discount for ordering 5 kg at once for our office?",
    "Please change my delivery address to the one in the attached photo.",
    "When will the decaf be back in stock?",
    "Can I pause my coffee club subscription for a month?",
    "I think the link to the workshop registration is broken.",
    "Do you have gift cards? Asking for a friend's birthday.",
];
/// What most "replies" to a large campaign are: (subject prefix, text).
const AUTO_REPLIES: [(&str, &str); 8] = [
    (
        "Automatic reply: ",
        "Thank you for your message. I am out of the office until Monday with limited access to email.",
    ),
    ("Out of Office: ", "I'm currently out of the office and will reply when I'm back next week."),
    (
        "Re: ",
        "This is an automatic reply: we have received your email and will get back to you within two business days.",
    ),
    ("Auto: ", "I am on vacation until the 20th. For urgent questions please write to office@example.com."),
    ("Автоответ: ", "Здравствуйте! Я в отпуске до 20-го числа, отвечу после возвращения."),
    ("Автоматический ответ: ", "Спасибо за письмо. Я нахожусь вне офиса, доступ к почте ограничен."),
    ("Re: ", "Ваше письмо получено. Это автоматический ответ, отвечать на него не нужно."),
    ("Re: ", "Добрый день! Меня нет в офисе до конца недели. Это автоматическое сообщение."),
];
const UNSUBSCRIBE_REQUESTS: [&str; 4] = [
    "Please unsubscribe me, I get too many emails.",
    "Remove me from this list, thank you.",
    "Отпишите меня, пожалуйста, от рассылки.",
    "Удалите меня из списка рассылки.",
];
const COMPLAINTS: [&str; 2] =
    ["This is spam. I never subscribed to your newsletter.", "Это спам, я не подписывался на ваши письма."];
const FOLLOW_UPS: [&str; 3] = [
    "Just following up on my question above.",
    "Never mind, I found it on the website. Thanks!",
    "Any news? I'd like to order this week.",
];
const ANSWERS_RU: [&str; 10] = [
    "Здравствуйте! А в Казань доставляете? Очень хочу попробовать новый урожай.",
    "Подскажите, эфиопия подойдёт для гейзерной кофеварки?",
    "Последний заказ пришёл с порванной пачкой. Что делать?",
    "Спасибо за рассылку — инструкция по завариванию очень пригодилась.",
    "Есть ли скидка, если заказать сразу 5 кг для офиса?",
    "Поменяйте, пожалуйста, адрес доставки на тот, что на фото во вложении.",
    "Когда снова появится кофе без кофеина?",
    "Можно приостановить подписку на клуб на месяц?",
    "Кажется, ссылка на запись на мастер-класс не открывается.",
    "У вас есть подарочные сертификаты? Ищу подарок другу на день рождения.",
];
const AUTO_REPLIES_RU: [(&str, &str); 6] = [
    ("Автоответ: ", "Здравствуйте! Я в отпуске до 20-го числа, отвечу после возвращения."),
    ("Автоматический ответ: ", "Спасибо за письмо. Я нахожусь вне офиса, доступ к почте ограничен."),
    ("Re: ", "Ваше письмо получено. Это автоматический ответ, отвечать на него не нужно."),
    ("Re: ", "Добрый день! Меня нет в офисе до конца недели. Это автоматическое сообщение."),
    ("Автоответ: ", "Я в командировке до понедельника. По срочным вопросам пишите на office@example.com."),
    ("Re: ", "Здравствуйте! Мы получили ваше письмо и ответим в течение двух рабочих дней."),
];
const UNSUBSCRIBE_REQUESTS_RU: [&str; 4] = [
    "Отпишите меня, пожалуйста, от рассылки.",
    "Удалите меня из списка рассылки.",
    "Слишком много писем. Отпишите меня, пожалуйста.",
    "Больше не присылайте мне писем, спасибо.",
];
const COMPLAINTS_RU: [&str; 2] =
    ["Это спам, я не подписывался на ваши письма.", "Я не давала согласия на рассылку. Откуда у вас мой адрес?"];
const FOLLOW_UPS_RU: [&str; 3] = [
    "Напоминаю о своём вопросе выше.",
    "Уже не нужно, нашёл ответ на сайте. Спасибо!",
    "Есть новости? Хочу заказать на этой неделе.",
];

/// A language's replies.
pub(crate) struct Words {
    pub answers: &'static [&'static str],
    /// (subject prefix, text): what most "replies" to a large campaign are.
    pub auto_replies: &'static [(&'static str, &'static str)],
    pub unsubscribe_requests: &'static [&'static str],
    pub complaints: &'static [&'static str],
    pub follow_ups: &'static [&'static str],
    /// What in an answer says it comes with a file.
    pub attached: &'static str,
    pub order_csv: &'static str,
    /// The line a mail program puts above the quoted letter, sent at the time given.
    pub wrote: fn(&str) -> String,
}

const ENGLISH: Words = Words {
    answers: &ANSWERS,
    auto_replies: &AUTO_REPLIES,
    unsubscribe_requests: &UNSUBSCRIBE_REQUESTS,
    complaints: &COMPLAINTS,
    follow_ups: &FOLLOW_UPS,
    attached: "attached",
    order_csv: "item,quantity\nEthiopia Yirgacheffe 1 kg,2\n",
    wrote: |at| format!("On {at}, Northwind Coffee Roasters wrote:"),
};

const RUSSIAN: Words = Words {
    answers: &ANSWERS_RU,
    auto_replies: &AUTO_REPLIES_RU,
    unsubscribe_requests: &UNSUBSCRIBE_REQUESTS_RU,
    complaints: &COMPLAINTS_RU,
    follow_ups: &FOLLOW_UPS_RU,
    attached: "вложени",
    order_csv: "товар,количество\nЭфиопия Иргачеффе 1 кг,2\n",
    wrote: |at| format!("{at}, Обжарочная «Северный ветер» пишет:"),
};

impl Words {
    pub(crate) fn of(language: Language) -> &'static Words {
        match language {
            Language::En => &ENGLISH,
            Language::Ru => &RUSSIAN,
        }
    }
}
