import { describe, expect, it } from "vitest";
import type { MessageKey, MessageValues } from "./I18n";
import { IntlMessageFormat } from "intl-messageformat";
import en from "./en.json";
import ru from "./ru.json";
import { explain } from "./explain";

/** The key a message comes from, with what is put into it. */
const t = (key: MessageKey, values?: MessageValues) => (values ? `${key} ${JSON.stringify(values)}` : key);

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
  it("names a list's own field by its title and says what it takes", () => {
    const e = explain({ code: "valueRefused", title: "День рождения", problem: "notADate" }, t);
    expect(e.title).toBe('error.valueRefused.notADate.title {"title":"День рождения"}');
    expect(e.reason).toBe("error.valueRefused.notADate.reason");
    const address = explain({ code: "notAnAddress", field: "email" }, t);
    expect(address.title).toBe('error.notAnAddress.title {"field":"field.email"}');
  });
});

describe("explain: an update package past its limit", () => {
  it("says the limit in both languages, and that nothing was installed", () => {
    const e = explain({ code: "updateTooLarge", limitMib: 256 }, t);
    expect(e.title).toBe("error.updateTooLarge.title");
    expect(e.reason).toBe('error.updateTooLarge.reason {"limit":256}');
    const say = (messages: Record<string, string>, locale: string) =>
      new IntlMessageFormat(messages["error.updateTooLarge.reason"], locale).format({ limit: 256 }) as string;
    expect(say(en, "en")).toContain("larger than 256 MB");
    expect(say(en, "en")).toContain("nothing was installed");
    expect(say(ru, "ru")).toContain("больше 256 МБ");
    expect(say(ru, "ru")).toContain("ничего не установлено");
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
