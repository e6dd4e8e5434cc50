// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import { separatorFor, useCsvSeparator } from "./csvSeparator";

describe("CSV separator", () => {
  afterEach(() => localStorage.clear());

  it("follows the language's Excel until the reader picks one, then keeps the pick", () => {
    expect(separatorFor("ru")).toBe("semicolon");
    expect(separatorFor("en")).toBe("comma");
    const first = renderHook(() => useCsvSeparator("ru"));
    expect(first.result.current[0]).toBe("semicolon");
    act(() => first.result.current[1]("comma"));
    expect(first.result.current[0]).toBe("comma");
    const later = renderHook(() => useCsvSeparator("ru"));
    expect(later.result.current[0]).toBe("comma");
  });
});
