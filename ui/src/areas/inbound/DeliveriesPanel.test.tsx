import { cleanup, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@tauri-apps/api/core", () => import("../../test/fakeIpc").then((m) => m.tauriCore));

import type { DeliveryRow } from "../../ipc/bindings/DeliveryRow";
import { answer } from "../../test/fakeIpc";
import { renderWithApp } from "../../test/render";
import { DeliveriesPanel } from "./DeliveriesPanel";

afterEach(cleanup);

const queued: DeliveryRow = { id: 7, routeId: 11, action: "webhook", target: "https://hooks.northwind.example/in", state: "queued", responseCode: null, error: "", created: "2026-11-20T10:00:01" };
const delivered: DeliveryRow = { ...queued, id: 8, state: "delivered", responseCode: 200 };

describe("the deliveries", () => {
  it("read a queued one again by itself until it has an outcome, and leave the settled ones alone", async () => {
    const asked: number[] = [];
    answer({
      route_deliveries: () => ({ rows: [queued, delivered], more: false }),
      route_delivery: ({ id }) => (asked.push(id as number), { ...queued, state: "delivered", responseCode: 204 }),
    });
    renderWithApp(<DeliveriesPanel />);
    await waitFor(() => expect(screen.getAllByTestId("route-delivery").map((r) => r.dataset.state)).toEqual(["delivered", "delivered"]));
    expect(screen.getAllByTestId("route-delivery")[0].textContent).toContain("204");
    expect(asked, "only the queued one is read again").toEqual([7]);
  });
});
