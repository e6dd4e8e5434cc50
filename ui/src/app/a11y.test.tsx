import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import axe from "axe-core";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@tauri-apps/api/core", () => import("../test/fakeIpc").then((m) => m.tauriCore));

import { answer, unanswered } from "../test/fakeIpc";
import { accountAnswers } from "../test/fixtures/account";
import { inboundAnswers } from "../test/fixtures/inbound";
import { lettersAnswers } from "../test/fixtures/letters";
import { listsAnswers } from "../test/fixtures/lists";
import { repliesAnswers } from "../test/fixtures/replies";
import { pretendLayout } from "../test/layout";
import { renderApp } from "../test/renderApp";

pretendLayout();
beforeAll(() => answer({ ...listsAnswers, ...lettersAnswers, ...repliesAnswers, ...accountAnswers, ...inboundAnswers }));
afterEach(() => {
  cleanup();
  unanswered.clear();
});

/** A screen of the app: where it is, what shows it is drawn, and what to do there first (open a dialog, a panel). */
interface Screen {
  name: string;
  path: string;
  ready: () => Promise<unknown>;
  then?: () => Promise<unknown>;
}

const shown = (testId: string) => () => screen.findAllByTestId(testId, {}, { timeout: 5000 });
const rows = (testId: string) => () => waitFor(() => expect(screen.getByTestId(testId).querySelector("[data-testid=table-row]")).toBeTruthy(), { timeout: 5000 });
const click = (testId: string, then: string) => async () => {
  fireEvent.click(await screen.findByTestId(testId));
  return screen.findAllByTestId(then, {}, { timeout: 5000 });
};

const SCREENS: Screen[] = [
  { name: "accounts", path: "/accounts", ready: shown("account-list") },
  { name: "accounts: the account form", path: "/accounts", ready: shown("account-list"), then: click("add-account", "account-form") },
  { name: "lists", path: "/w/lists", ready: shown("lists-table") },
  { name: "lists: a new list", path: "/w/lists", ready: shown("lists-table"), then: click("new-list", "list-name") },
  { name: "a list's subscribers", path: "/w/lists/1", ready: rows("members-table") },
  {
    name: "a list: a subscriber's panel",
    path: "/w/lists/1",
    ready: rows("members-table"),
    then: async () => {
      fireEvent.click(screen.getByText("anna@example.com"));
      return screen.findByRole("dialog", {}, { timeout: 5000 });
    },
  },
  { name: "a list: a new subscriber", path: "/w/lists/1", ready: rows("members-table"), then: click("add-subscriber", "subscriber-email") },
  { name: "a list: its fields", path: "/w/lists/1", ready: rows("members-table"), then: click("list-fields", "fields") },
  { name: "unsubscribed across lists", path: "/w/lists/across/unsubscribed", ready: rows("across-table") },
  { name: "campaigns", path: "/w/campaigns", ready: shown("campaigns-table") },
  { name: "campaigns: a new campaign", path: "/w/campaigns", ready: shown("campaigns-table"), then: click("new-campaign", "new-campaign-name") },
  { name: "a campaign's editor", path: "/w/campaigns/1", ready: shown("campaign-editor") },
  { name: "a campaign: the calendar", path: "/w/campaigns/1", ready: shown("launch-bar"), then: click("launch-at-day", "calendar-day") },
  { name: "inbox", path: "/w/inbox", ready: shown("dialog-list") },
  { name: "inbox: a dialog", path: "/w/inbox?dialog=1", ready: shown("thread-subject") },
  { name: "inbox: the keys", path: "/w/inbox", ready: shown("dialog-list"), then: click("shortcuts", "shortcut-sheet") },
  { name: "reports", path: "/w/reports", ready: shown("report-campaigns") },
  { name: "a campaign's report", path: "/w/reports/2", ready: shown("link-table") },
  { name: "a report's recipients", path: "/w/reports/2/rows", ready: rows("recipients-table") },
  { name: "a report's events", path: "/w/reports/2/rows?tab=events", ready: rows("events-table") },
  { name: "comparing campaigns", path: "/w/reports/compare?ids=%5B2%2C4%5D", ready: shown("compare-table") },
  { name: "automations", path: "/w/automations", ready: shown("automations-table") },
  { name: "an automation's editor", path: "/w/automations/1", ready: shown("automation-editor") },
  { name: "templates", path: "/w/templates", ready: shown("template-card") },
  { name: "a template's editor", path: "/w/templates/saved/1", ready: shown("template-editor") },
  { name: "account", path: "/w/account", ready: shown("domain-card") },
  { name: "account: a domain to fix", path: "/w/account?domain=shop.example&back=%2Fw%2Fcampaigns%2F1", ready: shown("domain-to-fix") },
  { name: "account: a sender's code", path: "/w/account", ready: shown("enter-code"), then: click("enter-code", "sender-code") },
  {
    name: "account: a webhook",
    path: "/w/account",
    ready: shown("webhook-row"),
    then: async () => {
      fireEvent.click((await screen.findAllByTestId("set-webhook"))[0]);
      return screen.findAllByTestId("webhook-url", {}, { timeout: 5000 });
    },
  },
  { name: "transactional", path: "/w/transactional", ready: shown("message-log") },
  { name: "transactional: a new message", path: "/w/transactional", ready: shown("message-log"), then: click("new-message", "message-to") },
  { name: "transactional: one message", path: "/w/transactional", ready: shown("message-log"), then: click("open-message", "message-facts") },
  { name: "inbound: routes", path: "/w/inbound", ready: shown("route-row") },
  {
    name: "inbound: a route's editor",
    path: "/w/inbound",
    ready: shown("route-row"),
    then: async () => {
      fireEvent.click((await screen.findAllByTestId("edit-route"))[0]);
      return screen.findAllByTestId("condition-row", {}, { timeout: 5000 });
    },
  },
  { name: "inbound: domains", path: "/w/inbound?tab=domains", ready: shown("mx-record") },
  { name: "inbound: a kept message", path: "/w/inbound?tab=messages", ready: shown("stored-message"), then: click("open-stored-message", "stored-message-facts") },
  { name: "inbound: deliveries", path: "/w/inbound?tab=deliveries", ready: shown("route-delivery") },
  { name: "inbound: settings", path: "/w/inbound?tab=settings", ready: shown("pass-autoreply") },
];

/** What axe finds on the page that stops or badly hinders someone (its serious and critical findings), one line each. */
async function seriousFindings(): Promise<string[]> {
  const result = await axe.run(document.body, {
    resultTypes: ["violations"],
    // A letter's preview frame holds the sender's HTML, shown as it is (and jsdom draws no frame's page).
    iframes: false,
    rules: {
      // jsdom lays nothing out and computes no colours, so contrast cannot be measured here:
      // the tokens' pairs are chosen for it in both themes, and the real window is where it shows.
      "color-contrast": { enabled: false },
    },
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${v.help} at ${node.target.join(" ")}`));
}

describe("every screen, checked by axe", () => {
  it.each(SCREENS)("$name has no serious findings", async ({ path, ready, then }) => {
    renderApp(path);
    await ready();
    if (then) await then();
    expect([...unanswered], "commands the screen asked for that the fixtures do not answer").toEqual([]);
    expect(await seriousFindings()).toEqual([]);
  }, 20_000);
});

describe("every screen in Russian and the dark theme, checked by axe", () => {
  // Labels come from the other catalogue, and charts are drawn for the other theme.
  it.each(SCREENS.filter((s) => !s.then))("$name has no serious findings", async ({ path, ready }) => {
    renderApp(path, "ru", "dark");
    await ready();
    expect([...unanswered]).toEqual([]);
    expect(await seriousFindings()).toEqual([]);
  }, 20_000);
});
