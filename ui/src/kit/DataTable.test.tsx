import { createColumnHelper } from "@tanstack/react-table";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../test/render";
import { DataTable } from "./DataTable";

afterEach(cleanup);

// jsdom lays nothing out: give every element the size of a 400-pixel-high viewport.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
    width: 800, height: 400, top: 0, left: 0, right: 800, bottom: 400, x: 0, y: 0, toJSON: () => ({}),
  } as DOMRect);
  Object.defineProperty(HTMLElement.prototype, "offsetHeight", { configurable: true, get: () => 400 });
  Object.defineProperty(HTMLElement.prototype, "offsetWidth", { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 400 });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
  // jsdom keeps no scroll place; this one does.
  const places = new WeakMap<HTMLElement, number>();
  Object.defineProperty(HTMLElement.prototype, "scrollTop", {
    configurable: true,
    get(this: HTMLElement) {
      return places.get(this) ?? 0;
    },
    set(this: HTMLElement, value: number) {
      places.set(this, value);
    },
  });
});

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
});
