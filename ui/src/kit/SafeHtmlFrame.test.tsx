import { cleanup, render, screen } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import { SafeHtmlFrame } from "./SafeHtmlFrame";

afterEach(cleanup);

describe("SafeHtmlFrame", () => {
  it("shows HTML only in a frame that may run nothing and reach nothing of the app", () => {
    const html = '<p onclick="steal()">Hello</p><script>steal()</script>';
    render(<SafeHtmlFrame html={html} title="Reply from ann@example.com" />);
    const frame = screen.getByTestId("safe-html-frame") as HTMLIFrameElement;
    // No scripts, no app origin, no navigating the app: only asking for a new window, which the app refuses.
    expect(frame.getAttribute("sandbox")?.split(/\s+/)).toEqual(["allow-popups"]);
    const srcdoc = frame.getAttribute("srcdoc") ?? "";
    expect(srcdoc.endsWith(html)).toBe(true);
    expect(srcdoc.slice(0, -html.length)).not.toMatch(/<script|<link|src=|href=/);
    expect(frame.getAttribute("src")).toBeNull();
    expect(frame.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(frame.title).toBe("Reply from ann@example.com");
    expect(document.body.innerHTML).not.toContain("<script>steal()</script>");
  });
});
