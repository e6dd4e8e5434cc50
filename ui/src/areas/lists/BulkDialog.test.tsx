import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@tauri-apps/api/core", () => import("../../test/fakeIpc").then((m) => m.tauriCore));

import { answer, answers } from "../../test/fakeIpc";
import { renderWithApp } from "../../test/render";
import { BulkDialog } from "./BulkDialog";

afterEach(() => {
  cleanup();
  answers.clear();
});

/** The app's side: the first change finds 4 where 3 were confirmed; what each call confirmed is noted. */
function aSubscriberJoinsMeanwhile() {
  const confirmed: unknown[] = [];
  answer({
    list_lists: () => [],
    change_subscribers: (args) => {
      confirmed.push(args.confirmed);
      if (confirmed.length === 1) throw { code: "inArea", area: "lists", failure: { code: "chosenChanged", confirmed: 3, found: 4 } };
      return { done: 4, failed: 0, failures: [], notTried: 0, cancelled: false };
    },
  });
  return confirmed;
}

describe("a change of many", () => {
  it("goes with the number confirmed and, when the app finds another, asks again with it", async () => {
    const confirmed = aSubscriberJoinsMeanwhile();
    const done = vi.fn();
    renderWithApp(
      <BulkDialog kind="delete" which={{ matching: { listId: 1 } }} count={3} listId={1} listName="Клуб" onClose={() => {}} onDone={done} />,
    );
    expect(screen.getByRole("dialog").textContent).toContain("Delete 3 subscribers?");
    fireEvent.click(screen.getByTestId("confirm"));
    const recounted = await screen.findByTestId("bulk-recounted");
    expect(recounted.textContent).toBe("The number changed while you were deciding: 4 subscribers match now, not 3. Nothing has been changed.");
    expect(screen.getByRole("dialog").textContent).toContain("Delete 4 subscribers?");
    expect(done).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId("confirm"));
    await screen.findByTestId("bulk-result");
    expect(confirmed).toEqual([3, 4]);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("asks again in Russian, and offers nothing to confirm when nobody matches any more", async () => {
    const confirmed = aSubscriberJoinsMeanwhile();
    renderWithApp(
      <BulkDialog kind="unsubscribe" which={{ matching: { listId: 1 } }} count={3} listId={1} listName="Клуб" onClose={() => {}} onDone={() => {}} />,
      "ru",
    );
    fireEvent.click(screen.getByTestId("confirm"));
    const recounted = await screen.findByTestId("bulk-recounted");
    expect(recounted.textContent).toBe("Пока вы решали, число изменилось: сейчас подходят 4 подписчика, а не 3. Пока ничего не изменено.");
    expect(screen.getByRole("dialog").textContent).toContain("Отписать 4 подписчиков?");

    answer({ change_subscribers: () => Promise.reject({ code: "inArea", area: "lists", failure: { code: "chosenChanged", confirmed: 4, found: 0 } }) });
    fireEvent.click(screen.getByTestId("confirm"));
    await waitFor(() => expect(screen.getByTestId("bulk-recounted").textContent).toContain("сейчас не подходит ни один подписчик"));
    expect(screen.queryByTestId("confirm")).toBeNull();
    expect(confirmed).toEqual([3]);
  });
});
