import { describe, expect, it } from "vitest";
import { toUiError } from "./errors";

describe("toUiError", () => {
  it("keeps an error the app sent", () => {
    const sent = { kind: "service", message: "Could not x (service code 5).", advice: "Refresh.", code: 5, status: 404 } as const;
    expect(toUiError(sent)).toBe(sent);
  });

  it("turns anything else into a sentence with advice", () => {
    const fromString = toUiError("window closed");
    expect(fromString.message).toBe("window closed");
    expect(fromString.advice).not.toBe("");
    expect(toUiError(new Error("boom")).message).toBe("boom");
    expect(toUiError(undefined).kind).toBe("internal");
  });
});
