import { useEffect, useRef, useState } from "react";
import type { List } from "../../ipc/bindings/List";
import type { MembersPage } from "../../ipc/bindings/MembersPage";
import type { UiError } from "../../ipc/bindings/UiError";
import { listMembers } from "../../ipc/commands";
import { toUiError } from "../../ipc/errors";
import { formatCount, formatDate, pageRange } from "../../lib/format";
import { ErrorNotice } from "../../components/ErrorNotice";
import { STATE_LABELS, StateBadge } from "../../components/StateBadge";
import { countFor, fieldColumns, fieldValue, STATE_FILTERS, type StateFilter } from "./members";

const PAGE_SIZE = 100;

export function MembersView({ list, onBack }: { list: List; onBack: () => void }) {
  const [filter, setFilter] = useState<StateFilter>("all");
  const [start, setStart] = useState(0);
  const [page, setPage] = useState<MembersPage | null>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [loading, setLoading] = useState(true);
  const top = useRef<HTMLElement>(null);

  useEffect(() => {
    let current = true;
    setLoading(true);
    listMembers({ list_id: list.id, start, limit: PAGE_SIZE, state: filter === "all" ? undefined : filter })
      .then((result) => {
        if (!current) return;
        setPage(result);
        setError(null);
        top.current?.scrollIntoView({ block: "start" });
      })
      .catch((reason) => current && setError(toUiError(reason)))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [list.id, start, filter]);

  const total = countFor(list, filter);
  const columns = page ? fieldColumns(page.fields) : [];
  const items = page?.page.items ?? [];

  return (
    <section className="area" ref={top}>
      <header className="area-header">
        <div>
          <button type="button" className="link back" onClick={onBack} data-testid="back-to-lists">
            ← All lists
          </button>
          <h1 data-testid="list-title">{list.name}</h1>
          {list.description && <p className="subtitle">{list.description}</p>}
        </div>
      </header>
      <div className="filters" role="tablist" aria-label="Subscriber state">
        {STATE_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={f === filter}
            className={f === filter ? "chip chip-current" : "chip"}
            onClick={() => {
              setFilter(f);
              setStart(0);
            }}
          >
            {f === "all" ? "All" : STATE_LABELS[f]} <span className="chip-count">{formatCount(countFor(list, f))}</span>
          </button>
        ))}
      </div>
      {error && <ErrorNotice error={error} />}
      <div className={loading ? "table-wrap loading" : "table-wrap"}>
        <table className="table" data-testid="members-table">
          <thead>
            <tr>
              <th>Email</th>
              {columns.map((c) => (
                <th key={c.merge_id}>{c.title}</th>
              ))}
              <th>State</th>
              <th>Subscribed</th>
            </tr>
          </thead>
          <tbody>
            {items.map((m) => (
              <tr key={m.id} data-testid="member-row">
                <td className="email">{m.email}</td>
                {columns.map((c) => (
                  <td key={c.merge_id}>{fieldValue(m, c.merge_id)}</td>
                ))}
                <td>
                  <StateBadge state={m.state} />
                </td>
                <td className="nowrap">{formatDate(m.optin_time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && items.length === 0 && !error && <div className="empty">No subscribers in this view.</div>}
      </div>
      <footer className="pager">
        <span data-testid="page-range">{pageRange(start, items.length, total)}</span>
        <div>
          <button
            type="button"
            className="button-secondary"
            disabled={start === 0 || loading}
            onClick={() => setStart(Math.max(0, start - PAGE_SIZE))}
          >
            Previous
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={!page?.page.has_more || loading}
            onClick={() => setStart(start + PAGE_SIZE)}
            data-testid="next-page"
          >
            Next
          </button>
        </div>
      </footer>
    </section>
  );
}
