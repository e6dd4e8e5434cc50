import { cleanup, screen } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import type { LaunchCheck } from "../../ipc/bindings/LaunchCheck";
import type { SendingOptions } from "../../ipc/bindings/SendingOptions";
import { renderWithApp } from "../../test/render";
import { LaunchBar } from "./LaunchBar";

afterEach(cleanup);

const passing: LaunchCheck = { items: [{ rule: "subject", outcome: "pass", version: null, found: [] }], blocked: false, reach: 10, segmented: false };
const failing: LaunchCheck = { items: [{ rule: "subject", outcome: "fail", version: null, found: [] }], blocked: true, reach: 10, segmented: false };

const OPTIONS: SendingOptions = { trackOpens: true, trackClicks: true, utm: null, gradual: null, inSubscriberTimeZone: false, bestTime: false };

function bar(check: LaunchCheck | undefined) {
  return <LaunchBar campaignId={1} name="Spring" check={check} save={async () => {}} launch={async () => {}} options={OPTIONS} onOptions={() => {}} listIds={[]} />;
}

/** The one line under the buttons: what it says, and which it is. */
function statusLine() {
  const lines = screen.getByTestId("launch-bar").querySelectorAll("p");
  expect(lines).toHaveLength(1);
  return { kind: lines[0].dataset.testid, text: lines[0].textContent };
}

describe("LaunchBar", () => {
  // Each edit is checked again: a bar that lost its line when the check passed
  // and got it back while the next edit was checked moved the page under the pointer.
  it("keeps one status line while checking, blocked and ready, so the bar never changes height", () => {
    renderWithApp(bar(undefined));
    expect(statusLine()).toEqual({ kind: "launch-reason", text: "Checking the campaign…" });
    cleanup();
    renderWithApp(bar(passing));
    expect(statusLine()).toEqual({ kind: "launch-ready", text: "Ready: every check passed" });
    expect((screen.getByTestId("launch-send") as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    renderWithApp(bar(failing));
    expect(statusLine().kind).toBe("launch-reason");
    expect((screen.getByTestId("launch-send") as HTMLButtonElement).disabled).toBe(true);
  });
});
