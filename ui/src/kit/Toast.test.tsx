import { act, cleanup, fireEvent, screen } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../test/render";
import { useToast } from "./Toast";

function Announcer() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast("List created")}>done</button>
      <button onClick={() => toast("The service may or may not have sent it", "error")}>failed</button>
    </>
  );
}

const pass = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("toasts", () => {
  it("let a confirmation go after a few seconds and keep a failure until it is dismissed", async () => {
    renderWithApp(<Announcer />);
    fireEvent.click(screen.getByText("done"));
    fireEvent.click(screen.getByText("failed"));
    await pass(0);
    expect(screen.queryByText("List created")).not.toBeNull();
    await pass(60_000);
    expect(screen.queryByText("List created")).toBeNull();
    expect(screen.queryByText("The service may or may not have sent it")).not.toBeNull();
    fireEvent.click(screen.getByLabelText("Dismiss"));
    await pass(1_000);
    expect(screen.queryByText("The service may or may not have sent it")).toBeNull();
  });
});
