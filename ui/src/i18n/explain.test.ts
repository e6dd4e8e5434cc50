import { describe, expect, it } from "vitest";
import type { MessageKey, MessageValues } from "./I18n";
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
