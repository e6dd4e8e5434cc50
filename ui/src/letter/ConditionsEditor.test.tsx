import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { Segment } from "../ipc/bindings/Segment";
import { renderWithApp } from "../test/render";
import { ConditionsEditor, type ConditionField } from "./ConditionsEditor";

afterEach(cleanup);

const FIELDS: ConditionField[] = [
  { id: 3, title: "City" },
  { id: 4, title: "Birthday", date: true },
  { id: 5, title: "Roast", choices: ["Espresso", "Filter"] },
];

let last: Segment | null = null;

function Editor({ start }: { start: Segment }) {
  const [segment, setSegment] = useState(start);
  return <ConditionsEditor segment={segment} onChange={(s) => setSegment((last = s))} fields={FIELDS} />;
}

/** Picks an option as the browser does: the value, then a change event. */
function choose(select: HTMLElement, value: string) {
  (select as HTMLSelectElement).value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

const values = () => screen.getAllByTestId("segment-value") as (HTMLInputElement | HTMLSelectElement)[];

describe("ConditionsEditor", () => {
  it("picks a choice field's value, types a date field's as a date, and starts a new field's value empty", async () => {
    renderWithApp(<Editor start={{ matchAll: true, conditions: [{ field: { field: 3 }, op: "is", value: "Казань" }] }} />);
    expect(values()[0].tagName).toBe("INPUT");
    choose(await screen.findByTestId("segment-field"), "5");
    await waitFor(() => expect(values()[0].tagName).toBe("SELECT"));
    expect([...(values()[0] as HTMLSelectElement).options].map((o) => o.text)).toEqual(["—", "Espresso", "Filter"]);
    expect(last?.conditions[0]).toEqual({ field: { field: 5 }, op: "is", value: "" });
    choose(screen.getByTestId("segment-field"), "4");
    await waitFor(() => expect((values()[0] as HTMLInputElement).type).toBe("date"));
  });

  it("adds a condition on the address and removes the one asked", async () => {
    renderWithApp(<Editor start={{ matchAll: false, conditions: [{ field: { field: 3 }, op: "is", value: "Казань" }] }} />);
    fireEvent.click(await screen.findByTestId("segment-add"));
    expect(last).toEqual({
      matchAll: false,
      conditions: [
        { field: { field: 3 }, op: "is", value: "Казань" },
        { field: "email", op: "contains", value: "" },
      ],
    });
    await waitFor(() => expect(screen.getAllByTestId("segment-remove")).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId("segment-remove")[0]);
    expect(last?.conditions).toEqual([{ field: "email", op: "contains", value: "" }]);
    await waitFor(() => expect(screen.getAllByTestId("segment-condition")).toHaveLength(1));
  });
});
