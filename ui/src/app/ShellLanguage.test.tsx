import { act, cleanup, render, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";

const setLanguage = vi.hoisted(() => vi.fn(async (language: string) => void language));
vi.mock("../ipc/commands", () => ({ setLanguage }));

import { I18nProvider, useLocale } from "../i18n/I18n";
import { ShellLanguage } from "./ShellLanguage";

afterEach(cleanup);

let switchTo: (locale: "ru" | "en") => void = () => {};
function Switcher() {
  switchTo = useLocale().setLocale;
  return null;
}

describe("the menus' language", () => {
  it("is the page's at start and follows a switch", async () => {
    render(
      <I18nProvider locale="en">
        <ShellLanguage />
        <Switcher />
      </I18nProvider>,
    );
    expect(setLanguage).toHaveBeenLastCalledWith("en");
    act(() => switchTo("ru"));
    await waitFor(() => expect(setLanguage).toHaveBeenLastCalledWith("ru"));
  });
});
