import { describe, expect, it } from "vitest";
import type { MessageKey, MessageValues } from "./I18n";
import { IntlMessageFormat } from "intl-messageformat";
import { mergeWords, wordsFiles } from "../../build/catalogues";
import type { AccountsFailure } from "../ipc/bindings/AccountsFailure";
import type { DeskError } from "../ipc/bindings/DeskError";
import type { DiagnosticsFailure } from "../ipc/bindings/DiagnosticsFailure";
import type { ImportFailure } from "../ipc/bindings/ImportFailure";
import type { LetterFailure } from "../ipc/bindings/LetterFailure";
import type { ListsFailure } from "../ipc/bindings/ListsFailure";
import type { UpdatesFailure } from "../ipc/bindings/UpdatesFailure";
import en from "./en.json";
import ru from "./ru.json";
import { explain } from "./explain";

/** The key a message comes from, with what is put into it. */
const t = (key: MessageKey, values?: MessageValues) => (values ? `${key} ${JSON.stringify(values)}` : key);

/** Every message of a language, the areas' words included, merged as the build merges them. */
const words = { en: mergeWords(wordsFiles("en")), ru: mergeWords(wordsFiles("ru")) };

/** `t` in a language: the message itself, with what is put into it. */
const speak = (locale: "en" | "ru") => (key: MessageKey, values?: MessageValues) =>
  new IntlMessageFormat(words[locale][key], locale).format(values) as string;

/** An area's own failure as the desk sends it. */
function inArea(area: "lists", failure: ListsFailure): DeskError;
function inArea(area: "import", failure: ImportFailure): DeskError;
function inArea(area: "updates", failure: UpdatesFailure): DeskError;
function inArea(area: "letter", failure: LetterFailure): DeskError;
function inArea(area: "accounts", failure: AccountsFailure): DeskError;
function inArea(area: "diagnostics", failure: DiagnosticsFailure): DeskError;
function inArea(area: string, failure: { code: string }): DeskError {
  return { code: "inArea", area, failure };
}

describe("explain: a write whose answer was lost", () => {
  it("says where to look before sending again for writes that send mail, and never that it read again", () => {
    for (const action of ["sendTest", "resendCampaign", "triggerAutomation", "launchCampaign"] as const) {
      const e = explain({ code: "outcomeUnknown", action, detail: "connection reset" }, t);
      expect(e.reason).toBe(`error.outcomeUnknown.reason.${action}`);
      expect(e.title).toContain("error.outcomeUnknown.title");
    }
    expect(explain({ code: "outcomeUnknown", action: "createList", detail: "" }, t).reason).toBe("error.outcomeUnknown.reason");
  });

  it("says what the service shows when reading again found it not done", () => {
    const returned = explain({ code: "notDone", action: "launchCampaign", state: "needsFix", deliveryTime: null }, t);
    expect(returned.reason).toBe('error.notDone.campaign {"state":"campaigns.state.needsFix"}');
    expect(returned.advice).toBe("error.notDone.needsFix");
    const elsewhere = explain({ code: "notDone", action: "launchCampaign", state: "scheduled", deliveryTime: "2026-12-01T09:00:00" }, t);
    expect(elsewhere.reason).toContain("error.notDone.campaignAt");
    expect(elsewhere.reason).toContain("campaigns.state.scheduled");
    const nothing = explain({ code: "notDone", action: "unsubscribe", state: null, deliveryTime: null }, t);
    expect([nothing.reason, nothing.advice]).toEqual(["error.notDone.reason", "error.notDone.advice"]);
  });

  it("says an operation beyond the service's contract is not offered", () => {
    const e = explain({ code: "notOffered", action: "sendTest" }, t);
    expect(e.title).toBe('error.notOffered.title {"action":"action.sendTest"}');
    expect(e.reason).toBe("error.notOffered.reason");
  });
});

describe("explain: the service asked to slow down", () => {
  it("says for how long and that a read is tried again by itself, never to check the values", () => {
    const e = explain({ code: "throttled", action: "loadDialogs", retryAfter: 60 }, t);
    expect(e.title).toBe('error.couldNot {"action":"action.loadDialogs"}');
    expect(e.reason).toBe('error.throttled.reason {"seconds":60}');
    expect(e.advice).toBe('error.throttled.advice {"seconds":60}');
    expect(e.advice).not.toContain("error.refused");
  });

  it("tells the user to send a change again, which the app never does by itself", () => {
    const e = explain({ code: "throttled", action: "sendReply", retryAfter: 12 }, t);
    expect(e.reason).toBe('error.throttled.reason {"seconds":12}');
    expect(e.advice).toBe('error.throttled.adviceChange {"seconds":12}');
  });

  it("reads naturally in both languages, with plurals", () => {
    const say = (messages: Record<string, string>, locale: string, key: string, seconds: number) =>
      new IntlMessageFormat(messages[key], locale).format({ seconds }) as string;
    const reason = "error.throttled.reason";
    expect(say(en, "en", reason, 1)).toBe("The service asked to slow down for 1 second.");
    expect(say(en, "en", reason, 30)).toBe("The service asked to slow down for 30 seconds.");
    expect(say(en, "en", "error.throttled.advice", 30)).toBe("The app tries again by itself.");
    expect(say(ru, "ru", reason, 1)).toBe("Сервис попросил приостановить запросы на 1 секунду.");
    expect(say(ru, "ru", reason, 3)).toBe("Сервис попросил приостановить запросы на 3 секунды.");
    expect(say(ru, "ru", reason, 60)).toBe("Сервис попросил приостановить запросы на 60 секунд.");
    expect(say(ru, "ru", reason, 21)).toBe("Сервис попросил приостановить запросы на 21 секунду.");
    expect(say(ru, "ru", "error.throttled.advice", 60)).toBe("Приложение повторит попытку само.");
  });
});

describe("explain: a form's value refused", () => {
  it("names a list's own field by its title and says what it takes, in the lists' words", async () => {
    await import("../areas");
    const e = explain(inArea("lists", { code: "valueRefused", title: "День рождения", problem: "notADate" }), t);
    expect(e.title).toBe('lists.failure.valueRefused.notADate.title {"title":"День рождения"}');
    expect(e.reason).toBe("lists.failure.valueRefused.notADate.reason");
    expect(e.advice).toBe("lists.failure.valueRefused.advice");
    const address = explain({ code: "notAnAddress", field: "email" }, t);
    expect(address.title).toBe('error.notAnAddress.title {"field":"field.email"}');
  });
});

describe("explain: an update package past its limit", () => {
  it("says the limit in both languages, and that nothing was installed, in the updates' words", async () => {
    await import("../areas");
    const tooLarge = inArea("updates", { code: "tooLarge", limitMib: 256 });
    const e = explain(tooLarge, t);
    expect(e.title).toBe("updates.failure.tooLarge.title");
    expect(e.reason).toBe('updates.failure.tooLarge.reason {"limit":256}');
    const say = (locale: "en" | "ru") => explain(tooLarge, speak(locale)).reason;
    expect(say("en")).toContain("larger than 256 MB");
    expect(say("en")).toContain("nothing was installed");
    expect(say("ru")).toContain("больше 256 МБ");
    expect(say("ru")).toContain("ничего не установлено");
  });
});

describe("explain: a failure only one area has", () => {
  it("is said in the words of the area that has it, and an area that says nothing gets the internal explanation", async () => {
    await import("../areas");
    const compare = explain({ code: "inArea", area: "reports", failure: { code: "compareCount", min: 2, max: 5 } as { code: string } }, t);
    expect(compare.title).toBe('reports.failure.compareCount.title {"min":2,"max":5}');
    expect(compare.advice).toBe('reports.failure.compareCount.advice {"min":2,"max":5}');
    const alone = explain({ code: "inArea", area: "automations", failure: { code: "eventAlone", event: "open" } as { code: string } }, t);
    expect(alone.reason).toBe('automations.failure.eventAlone.reason {"event":"automations.event.open"}');
    const unknown = explain({ code: "inArea", area: "nowhere", failure: { code: "lost" } }, t);
    expect([unknown.title, unknown.detail]).toEqual(["error.internal.title", "nowhere: lost"]);
  });
});

describe("explain: the lists' own failures", () => {
  it("says a change of many that found another number in the lists' words, in both languages", async () => {
    await import("../areas");
    const changed = inArea("lists", { code: "chosenChanged", confirmed: 20, found: 21 });
    expect(explain(changed, t).reason).toBe('lists.failure.chosenChanged.reason {"confirmed":20,"found":21}');
    const english = explain(changed, speak("en"));
    expect(english.title).toBe("The number of subscribers changed");
    expect(english.reason).toBe("You confirmed 20, but 21 match now: some joined or left meanwhile. Nothing was changed.");
    const russian = explain(changed, speak("ru"));
    expect(russian.title).toBe("Число подписчиков изменилось");
    expect(russian.reason).toContain("Вы подтвердили 20, а сейчас под условия подходят 21");
  });

  it("says a variable name refused with the words the fields' form shows as it is typed", async () => {
    await import("../areas");
    const taken = explain(inArea("lists", { code: "variableRefused", problem: "taken" }), t);
    expect([taken.title, taken.reason, taken.advice]).toEqual([
      "lists.failure.variableRefused.title",
      "lists.failure.variableRefused.taken",
      "lists.failure.variableRefused.advice",
    ]);
  });
});

describe("explain: the import's own failures", () => {
  it("says a file past a bound in the import's words, sizes in megabytes, in both languages", async () => {
    await import("../areas");
    const large = inArea("import", { code: "fileLimit", limit: "fileSize", max: 50 * 1048576, row: null });
    expect(explain(large, t).reason).toBe('import.failure.fileLimit.fileSize {"max":50,"row":0}');
    expect(explain(large, speak("en")).reason).toBe("The file is larger than 50 MB, more than the app reads.");
    expect(explain(large, speak("ru")).reason).toBe("Файл больше 50 МБ — такие большие приложение не читает.");
    const quote = explain(inArea("import", { code: "fileLimit", limit: "record", max: 1000000, row: 7 }), t);
    expect(quote.reason).toBe('import.failure.fileLimit.record {"max":1000000,"row":7}');
  });

  it("says a file refused in the import's words, with the system's words as its detail when there are some", async () => {
    await import("../areas");
    const unread = explain(inArea("import", { code: "fileRefused", problem: "notRead", detail: "permission denied" }), t);
    expect([unread.title, unread.reason, unread.detail]).toEqual(["import.failure.fileRefused.title", "import.failure.fileRefused.notRead", "permission denied"]);
    const changed = inArea("import", { code: "fileRefused", problem: "changed", detail: "" });
    expect(explain(changed, t).detail).toBeNull();
    expect(explain(changed, speak("en")).reason).toContain("The file changed since the import began");
    expect(explain(changed, speak("ru")).reason).toContain("Файл изменился после начала импорта");
  });
});

describe("explain: the updates' own failures", () => {
  it("says what an update waits for, listing what is under way, in both languages", async () => {
    await import("../areas");
    const waits = inArea("updates", { code: "waitsForWork", underWay: { sends: 2, changes: 0, imports: 1, exports: 0 } });
    const english = explain(waits, speak("en"));
    expect(english.title).toBe("Wait for what is running");
    expect(english.reason).toBe("2 sends are waiting or on their way; an import is running, and installing or restarting closes the app.");
    const russian = explain(waits, speak("ru"));
    expect(russian.title).toBe("Сначала дождитесь окончания работы");
    expect(russian.reason).toBe("2 отправки ждут или уже в пути; идёт импорт, а установка и перезапуск закрывают приложение.");
  });

  it("keeps the updater's words as the detail of a refused signature", async () => {
    await import("../areas");
    const refused = explain(inArea("updates", { code: "signatureRefused", detail: "signature mismatch" }), speak("en"));
    expect(refused.title).toBe("The update was refused: its signature is not the publisher's");
    expect(refused.detail).toBe("signature mismatch");
  });
});

describe("explain: the letter's own failures", () => {
  it("says a letter that cannot be made from its blocks in the letter's words, naming the block, in both languages", async () => {
    await import("../areas");
    const unrenderable = inArea("letter", { code: "unrenderable", problem: "buttonLabel", block: 3, inner: null, detail: null });
    expect(explain(unrenderable, t).reason).toBe(
      'letter.failure.unrenderable.reason {"problem":"blocks.problem.buttonLabel","where":"blocks.where.block {\\"block\\":3}"}',
    );
    const english = explain(unrenderable, speak("en"));
    expect(english.title).toBe("The letter cannot be made from its blocks");
    expect(english.reason).toBe("Block 3: A button has no words.");
    const russian = explain(unrenderable, speak("ru"));
    expect(russian.title).toBe("Письмо не собирается из блоков");
    expect(russian.reason).toContain("Блок 3: ");
    const inner = explain(inArea("letter", { code: "unrenderable", problem: "color", block: 2, inner: [1, 4], detail: null }), speak("en"));
    expect(inner.reason).toBe("Block 2, column 1, block 4: A colour is not written as #rrggbb.");
  });
});

describe("explain: the accounts' own failures", () => {
  it("says each in the accounts' words, in both languages", async () => {
    await import("../areas");
    const moved = inArea("accounts", { code: "keyNeededForNewAddress" });
    expect([explain(moved, t).title, explain(moved, t).reason, explain(moved, t).advice]).toEqual([
      "accounts.failure.keyNeededForNewAddress.title",
      "accounts.failure.keyNeededForNewAddress.reason",
      "accounts.failure.keyNeededForNewAddress.advice",
    ]);
    expect(explain(moved, speak("en")).title).toBe("The new address needs the API key again");
    expect(explain(moved, speak("ru")).title).toBe("Для нового адреса нужно заново ввести API-ключ");
    const demo = inArea("accounts", { code: "demoReadOnly" });
    expect(explain(demo, speak("en")).title).toBe("The demo workspace cannot be changed or removed");
    expect(explain(demo, speak("ru")).advice).toBe("Добавьте собственный аккаунт; «Сбросить демо-данные» вернёт демо в исходное состояние.");
  });

  it("says an account whose id the app did not make is not opened, and that the others are not affected", async () => {
    await import("../areas");
    const refused = inArea("accounts", { code: "idRefused" });
    const english = explain(refused, speak("en"));
    expect(english.title).toBe("This account cannot be opened");
    expect(english.reason).toContain("Your other accounts are not affected.");
    expect(english.advice).toBe("Remove this account and add it again with its address and API key.");
    expect([english.code, english.detail]).toEqual([null, null]);
    const russian = explain(refused, speak("ru"));
    expect(russian.title).toBe("Этот аккаунт нельзя открыть");
    expect(russian.reason).toContain("Остальные аккаунты в порядке.");
  });
});

describe("explain: the diagnostics' own failures", () => {
  it("says a log folder not opened in the diagnostics' words, with the system's words as its detail, in both languages", async () => {
    await import("../areas");
    const notOpened = inArea("diagnostics", { code: "logFolderNotOpened", detail: "no file manager" });
    const keys = explain(notOpened, t);
    expect([keys.title, keys.reason, keys.advice, keys.detail]).toEqual([
      "diagnostics.failure.logFolderNotOpened.title",
      "diagnostics.failure.logFolderNotOpened.reason",
      "diagnostics.failure.logFolderNotOpened.advice",
      "no file manager",
    ]);
    expect(explain(notOpened, speak("en")).title).toBe("The log folder could not be opened");
    expect(explain(notOpened, speak("ru")).title).toBe("Не удалось открыть папку журналов");
  });

  it("says a clipboard that could not be written, with the system's words as its detail, in both languages", async () => {
    await import("../areas");
    const busy = inArea("diagnostics", { code: "clipboardUnavailable", detail: "busy" });
    const english = explain(busy, speak("en"));
    expect([english.title, english.reason, english.detail]).toEqual(["Nothing could be copied", "The system's clipboard could not be written.", "busy"]);
    const russian = explain(busy, speak("ru"));
    expect([russian.title, russian.reason, russian.detail]).toEqual(["Не удалось скопировать", "Системный буфер обмена недоступен для записи.", "busy"]);
  });
});
