import { createColumnHelper } from "@tanstack/react-table";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pretendLayout } from "../test/layout";
import { renderWithApp } from "../test/render";
import { DataTable } from "./DataTable";
import { tickedCount, useTicked } from "./selection";

afterEach(cleanup);

pretendLayout();

interface Person {
  id: number;
  email: string;
}
const column = createColumnHelper<Person>();
const columns = [column.accessor("email", { header: "Email", meta: { width: "1fr", sortKey: "email" } })];

/** A server of `total` people, answering pages the way the service does. */
function server(total: number) {
  return vi.fn(async (start: number, limit: number) => {
    const end = Math.min(total, start + limit);
    const rows = Array.from({ length: Math.max(0, end - start) }, (_, i) => ({ id: start + i, email: `p${start + i}@x.com` }));
    return { rows, hasMore: end < total };
  });
}

function table(fetchPage: ReturnType<typeof server>, total: number | null, initialRow = 0, onSortChange = vi.fn()) {
  return renderWithApp(
    <DataTable<Person, "email">
      label="People"
      columns={columns}
      queryKey={["people"]}
      fetchPage={fetchPage}
      total={total}
      rowId={(p) => String(p.id)}
      rowHeight={40}
      initialRow={initialRow}
      onSortChange={onSortChange}
      empty="Nobody"
    />,
  );
}

describe("DataTable", () => {
  it("fetches only the page on screen out of a million rows, the next one once scrolled past its middle", async () => {
    const fetchPage = server(1_000_000);
    table(fetchPage, 1_000_000);
    expect(await screen.findByText("p0@x.com")).toBeTruthy();
    expect(fetchPage.mock.calls.map(([start]) => start).sort((a, b) => a - b)).toEqual([0]);
    expect(screen.getByRole("grid").getAttribute("aria-rowcount")).toBe("1000000");
    expect(screen.getAllByTestId("table-row").length).toBeLessThan(40);
  });

  it("starts deep in the table where the route says, fetching only that page", async () => {
    const fetchPage = server(1_000_000);
    table(fetchPage, 1_000_000, 654_321);
    await waitFor(() => expect(screen.queryByText("p654321@x.com")).toBeTruthy());
    const starts = fetchPage.mock.calls.map(([start]) => start);
    expect(starts).toContain(654_300);
    expect(starts).not.toContain(0);
  });

  it("ends where the server says, when the total was not known", async () => {
    const fetchPage = server(7);
    table(fetchPage, null);
    expect(await screen.findByText("p6@x.com")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("grid").getAttribute("aria-rowcount")).toBe("7"));
  });

  it("says so when there is nothing, whether or not it knew beforehand", async () => {
    table(server(0), null);
    expect(await screen.findByText("Nobody")).toBeTruthy();
    cleanup();
    table(server(0), 0);
    expect(await screen.findByText("Nobody")).toBeTruthy();
  });

  it("asks the server to sort: ascending, descending, then off", async () => {
    const onSortChange = vi.fn();
    table(server(10), 10, 0, onSortChange);
    fireEvent.click(await screen.findByTestId("sort-email"));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "email", descending: false });
  });

  it("keeps working without boxes where nothing is ticked", async () => {
    table(server(10), 10);
    expect(await screen.findByText("p0@x.com")).toBeTruthy();
    expect(screen.queryAllByTestId("tick-row")).toEqual([]);
    expect(screen.queryByTestId("tick-shown")).toBeNull();
  });

  it("puts the caller's data attributes on each loaded row, its own test id in place of the table's", async () => {
    renderWithApp(
      <DataTable<Person>
        label="People"
        columns={columns}
        queryKey={["people"]}
        fetchPage={server(3)}
        total={null}
        rowId={(p) => String(p.id)}
        rowProps={(p) => ({ "data-testid": "person", "data-email": p.email })}
        empty="Nobody"
      />,
    );
    await screen.findByText("p2@x.com");
    const rows = screen.getAllByTestId("person");
    expect(rows.map((row) => row.dataset.email)).toEqual(["p0@x.com", "p1@x.com", "p2@x.com"]);
    expect(rows[1].getAttribute("role")).toBe("row");
    expect(rows[1].dataset.rowIndex).toBe("1");
    expect(screen.queryAllByTestId("table-row")).toEqual([]);
  });
});

/** A table of `total` people whose rows can be ticked, saying how many are. */
function TickingTable({ fetchPage, total, onRowClick }: { fetchPage: ReturnType<typeof server>; total: number; onRowClick: () => void }) {
  const id = (p: Person) => String(p.id);
  const ticking = useTicked<Person>(id, "people");
  return (
    <>
      <output data-testid="ticked">{tickedCount(ticking.ticked, total)}</output>
      <DataTable<Person, "email">
        label="People"
        columns={columns}
        queryKey={["people"]}
        fetchPage={fetchPage}
        total={total}
        rowId={id}
        rowHeight={40}
        onRowClick={onRowClick}
        selection={{ has: ticking.has, set: ticking.set, rowLabel: (p) => `Tick ${p.email}`, shownLabel: "Tick the rows shown" }}
        empty="Nobody"
      />
    </>
  );
}

describe("DataTable with rows to tick", () => {
  const ticked = () => screen.getByTestId("ticked").textContent;
  const box = (email: string) => screen.getByLabelText(`Tick ${email}`) as HTMLInputElement;

  it("ticks a row by its box without opening it, and unticks it again", async () => {
    const onRowClick = vi.fn();
    renderWithApp(<TickingTable fetchPage={server(1000)} total={1000} onRowClick={onRowClick} />);
    await screen.findByText("p2@x.com");
    fireEvent.click(box("p2@x.com"));
    expect(ticked()).toBe("1");
    expect(box("p2@x.com").checked).toBe(true);
    expect(box("p2@x.com").closest("[role=row]")?.getAttribute("aria-selected")).toBe("true");
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(box("p2@x.com"));
    expect(ticked()).toBe("0");
  });

  it("ticks a Shift-click's span, reading the pages between that were never on screen", async () => {
    const fetchPage = server(1000);
    renderWithApp(<TickingTable fetchPage={fetchPage} total={1000} onRowClick={vi.fn()} />);
    await screen.findByText("p3@x.com");
    fireEvent.click(box("p3@x.com"));
    const scroller = screen.getByRole("grid").querySelector("[class*=scroller]") as HTMLElement;
    scroller.scrollTop = 302 * 40;
    fireEvent.scroll(scroller);
    await screen.findByText("p305@x.com");
    expect(fetchPage.mock.calls.map(([start]) => start)).not.toContain(100);
    fireEvent.click(box("p305@x.com"), { shiftKey: true });
    await waitFor(() => expect(ticked()).toBe(String(305 - 3 + 1)));
    expect(fetchPage.mock.calls.map(([start]) => start)).toEqual(expect.arrayContaining([100, 200]));
    expect(box("p305@x.com").checked).toBe(true);
  });

  it("ticks the rows shown from the box over them, mixed while only some are", async () => {
    renderWithApp(<TickingTable fetchPage={server(30)} total={30} onRowClick={vi.fn()} />);
    await screen.findByText("p0@x.com");
    const shown = screen.getByTestId("tick-shown") as HTMLInputElement;
    fireEvent.click(box("p1@x.com"));
    expect(shown.indeterminate).toBe(true);
    fireEvent.click(shown);
    expect(ticked()).toBe("30");
    expect(shown.checked).toBe(true);
    fireEvent.click(shown);
    expect(ticked()).toBe("0");
  });
});
