import type { List } from "../../ipc/bindings/List";
import { formatCount, formatDate } from "../../lib/format";

interface ListsTableProps {
  lists: List[];
  onOpen: (list: List) => void;
  onRename: (list: List) => void;
  onDelete: (list: List) => void;
}

export function ListsTable({ lists, onOpen, onRename, onDelete }: ListsTableProps) {
  return (
    <div className="table-wrap">
    <table className="table" data-testid="lists-table">
      <thead>
        <tr>
          <th className="name-column">Name</th>
          <th className="num">Subscribers</th>
          <th className="num">Active</th>
          <th className="num">Unsubscribed</th>
          <th className="num">Bounced</th>
          <th className="num">Complained</th>
          <th>Created</th>
          <th aria-label="Actions" />
        </tr>
      </thead>
      <tbody>
        {lists.map((list) => (
          <tr key={list.id} data-testid="list-row" data-list-name={list.name}>
            <td>
              <button type="button" className="link" onClick={() => onOpen(list)}>
                {list.name}
              </button>
              {list.state !== "active" && <span className={`badge badge-${list.state}`}>{list.state}</span>}
              {list.description && <div className="cell-detail">{list.description}</div>}
            </td>
            <td className="num strong">{formatCount(list.count_all)}</td>
            <td className="num">{formatCount(list.count_active)}</td>
            <td className="num">{formatCount(list.count_unsubscribed)}</td>
            <td className="num">{formatCount(list.count_bounced)}</td>
            <td className="num">{formatCount(list.count_complained)}</td>
            <td className="nowrap">{formatDate(list.creation_date)}</td>
            <td className="row-actions">
              <button type="button" className="button-ghost" onClick={() => onRename(list)} data-testid="rename-list">
                Rename
              </button>
              <button type="button" className="button-ghost danger" onClick={() => onDelete(list)} data-testid="delete-list">
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
