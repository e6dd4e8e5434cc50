import { describe, expect, it } from "vitest";
import { systemLocale } from "./locale";

describe("the language", () => {
  it("follows the system's first language the app speaks", () => {
    expect(systemLocale(["ru-RU", "en-US"])).toBe("ru");
    expect(systemLocale(["de-DE", "ru_RU"])).toBe("ru");
    expect(systemLocale(["en-GB"])).toBe("en");
    expect(systemLocale(["fr-FR"])).toBe("en");
    expect(systemLocale([])).toBe("en");
  });
});
