import { createColumnHelper } from "@tanstack/react-table";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pretendLayout } from "../test/layout";
import { renderWithApp } from "../test/render";
import { DataTable } from "./DataTable";
import { nextRow, placeToShow } from "./rowKeys";
import { tickedCount, useTicked } from "./selection";

afterEach(cleanup);
pretendLayout();

interface Person {
  id: number;
  email: string;
}
const column = createColumnHelper<Person>();
const columns = [column.accessor("email", { header: "Email", meta: { width: "1fr" } })];
const id = (p: Person) => String(p.id);

function server(total: number) {
  return vi.fn(async (start: number, limit: number) => {
    const end = Math.min(total, start + limit);
    return { rows: Array.from({ length: Math.max(0, end - start) }, (_, i) => ({ id: start + i, email: `p${start + i}@x.com` })), hasMore: end < total };
  });
}

/** A table of `total` people, 40 pixels a row in a 400-pixel scroller, whose rows open and can be ticked. */
function People({ total, onOpen, ticking = true }: { total: number; onOpen?: (p: Person) => void; ticking?: boolean }) {
  const ticked = useTicked<Person>(id, "people");
  return (
    <>
      <output data-testid="ticked">{tickedCount(ticked.ticked, total)}</output>
      <DataTable<Person>
        label="People"
        columns={columns}
        queryKey={["people", total]}
        fetchPage={server(total)}
        total={total}
        rowId={id}
        rowHeight={40}
        onRowClick={onOpen}
        selection={ticking ? { has: ticked.has, set: ticked.set, rowLabel: (p) => `Tick ${p.email}`, shownLabel: "Tick shown" } : undefined}
        empty="Nobody"
      />
    </>
  );
}

const rowOf = (email: string) => screen.getByText(email).closest("[role=row]") as HTMLElement;
const focused = () => (document.activeElement as HTMLElement | null)?.textContent ?? "";
const press = (key: string, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(document.activeElement!, { key, ...init });

describe("a table from the keyboard", () => {
  it("is one stop in the Tab order, on its first row; the rows' boxes are not stops of their own", async () => {
    renderWithApp(<People total={50} />);
    await screen.findByText("p0@x.com");
    const stops = screen.getAllByTestId("table-row").filter((row) => row.tabIndex === 0);
    expect(stops).toEqual([rowOf("p0@x.com")]);
    expect(screen.getAllByTestId("tick-row").every((box) => box.tabIndex === -1)).toBe(true);
  });

  it("moves a row with Up and Down, a screen with Page Down and Up, to the ends with Home and End", async () => {
    renderWithApp(<People total={1000} />);
    await screen.findByText("p0@x.com");
    rowOf("p0@x.com").focus();
    press("ArrowDown");
    await waitFor(() => expect(focused()).toBe("p1@x.com"));
    press("ArrowDown");
    press("ArrowUp");
    await waitFor(() => expect(focused()).toBe("p1@x.com"));
    // Ten rows fit the screen: a page keeps the last one in view.
    press("PageDown");
    await waitFor(() => expect(focused()).toBe("p10@x.com"));
    press("PageUp");
    await waitFor(() => expect(focused()).toBe("p1@x.com"));
    press("End");
    await waitFor(() => expect(focused()).toBe("p999@x.com"));
    expect(document.activeElement?.getAttribute("tabindex")).toBe("0");
    press("Home");
    await waitFor(() => expect(focused()).toBe("p0@x.com"));
    press("ArrowUp");
    expect(focused()).toBe("p0@x.com");
  });

  it("scrolls a row moved to out of view into it, loading its page", async () => {
    renderWithApp(<People total={1000} />);
    await screen.findByText("p0@x.com");
    const scroller = screen.getByRole("grid").querySelector("[class*=scroller]") as HTMLElement;
    rowOf("p0@x.com").focus();
    for (let i = 0; i < 12; i++) press("ArrowDown");
    await waitFor(() => expect(focused()).toBe("p12@x.com"));
    // Row 12 ends at 520 px: the screen's bottom is brought down to it.
    expect(scroller.scrollTop).toBe(520 - 400);
    press("End");
    await waitFor(() => expect(focused()).toBe("p999@x.com"));
    expect(scroller.scrollTop).toBe(1000 * 40 - 400);
  });

  it("reaches the last of a million rows with End, whose scroll place is scaled down, and comes back with Home", async () => {
    renderWithApp(<People total={1_000_000} />);
    await screen.findByText("p0@x.com");
    const scroller = screen.getByRole("grid").querySelector("[class*=scroller]") as HTMLElement;
    rowOf("p0@x.com").focus();
    press("End");
    await waitFor(() => expect(focused()).toBe("p999999@x.com"));
    // 40 million pixels of rows are drawn 8 million high: a fifth.
    expect(scroller.scrollTop).toBe((1_000_000 * 40 - 400) / 5);
    press("ArrowUp");
    await waitFor(() => expect(focused()).toBe("p999998@x.com"));
    press("Home");
    await waitFor(() => expect(focused()).toBe("p0@x.com"));
    expect(scroller.scrollTop).toBe(0);
  });

  it("opens the row it is on with Enter, as a click does", async () => {
    const onOpen = vi.fn();
    renderWithApp(<People total={50} onOpen={onOpen} />);
    await screen.findByText("p0@x.com");
    rowOf("p0@x.com").focus();
    press("ArrowDown");
    press("ArrowDown");
    await waitFor(() => expect(focused()).toBe("p2@x.com"));
    press("Enter");
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith({ id: 2, email: "p2@x.com" });
    expect(screen.getByTestId("ticked").textContent, "Enter opens, it does not tick").toBe("0");
  });

  it("ticks the row it is on with Space, a span with Shift+Space, and not where rows cannot be ticked", async () => {
    const onOpen = vi.fn();
    renderWithApp(<People total={50} onOpen={onOpen} />);
    await screen.findByText("p0@x.com");
    rowOf("p3@x.com").focus();
    press(" ");
    expect(screen.getByTestId("ticked").textContent).toBe("1");
    expect(rowOf("p3@x.com").getAttribute("aria-selected")).toBe("true");
    press("ArrowDown");
    press("ArrowDown");
    await waitFor(() => expect(focused()).toBe("p5@x.com"));
    press(" ", { shiftKey: true });
    await waitFor(() => expect(screen.getByTestId("ticked").textContent).toBe("3"));
    press(" ");
    expect(screen.getByTestId("ticked").textContent).toBe("2");
    expect(onOpen).not.toHaveBeenCalled();

    cleanup();
    renderWithApp(<People total={50} ticking={false} />);
    await screen.findByText("p0@x.com");
    rowOf("p0@x.com").focus();
    const space = fireEvent.keyDown(rowOf("p0@x.com"), { key: " " });
    expect(space, "Space is left to the page where there is nothing to tick").toBe(true);
    expect(rowOf("p0@x.com").hasAttribute("aria-selected")).toBe(false);
  });

  it("after a scroll by the wheel, Tab lands on the first row on screen", async () => {
    renderWithApp(<People total={1000} />);
    await screen.findByText("p0@x.com");
    const scroller = screen.getByRole("grid").querySelector("[class*=scroller]") as HTMLElement;
    scroller.scrollTop = 300 * 40;
    fireEvent.scroll(scroller);
    await screen.findByText("p300@x.com");
    await waitFor(() => expect(screen.getAllByTestId("table-row").filter((row) => row.tabIndex === 0)).toEqual([rowOf("p300@x.com")]));
  });
});

describe("where a key moves a table's row", () => {
  const key = (k: string) => ({ key: k, altKey: false, metaKey: false });
  it("stays inside the table and leaves other keys to the page", () => {
    expect(nextRow(key("ArrowDown"), 9, 10, 5)).toBe(9);
    expect(nextRow(key("PageDown"), 7, 10, 5)).toBe(9);
    expect(nextRow(key("PageUp"), 3, 10, 5)).toBe(0);
    expect(nextRow(key("End"), 0, 10, 5)).toBe(9);
    expect(nextRow(key("PageDown"), 0, 10, 0), "a page is a row at least").toBe(1);
    expect(nextRow(key("ArrowDown"), 0, 0, 5)).toBeNull();
    expect(nextRow(key("ArrowLeft"), 3, 10, 5)).toBeNull();
    expect(nextRow({ key: "ArrowDown", altKey: true, metaKey: false }, 3, 10, 5)).toBeNull();
  });

  it("scrolls the least that shows the row whole", () => {
    expect(placeToShow(5, 40, 0, 400), "in view").toBeNull();
    expect(placeToShow(10, 40, 0, 400), "just below").toBe(40);
    expect(placeToShow(2, 40, 100, 400), "partly above").toBe(80);
    expect(placeToShow(9, 40, 0, 390), "partly below").toBe(10);
  });
});
