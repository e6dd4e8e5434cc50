import { AREAS, type AreaId } from "../areas";
import type { Workspace } from "../ipc/bindings/Workspace";

interface SidebarProps {
  current: AreaId;
  onSelect: (area: AreaId) => void;
  workspace: Workspace;
  onSwitchAccount: () => void;
}

export function Sidebar({ current, onSelect, workspace, onSwitchAccount }: SidebarProps) {
  return (
    <nav className="sidebar" aria-label="Areas">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">✉</span>
        Campaign Desk
      </div>
      <ul>
        {AREAS.map((area) => (
          <li key={area.id}>
            <button
              type="button"
              className={area.id === current ? "nav-item nav-item-current" : "nav-item"}
              aria-current={area.id === current ? "page" : undefined}
              onClick={() => onSelect(area.id)}
              data-testid={`nav-${area.id}`}
            >
              <span className="nav-icon" aria-hidden="true">{area.icon}</span>
              {area.label}
            </button>
          </li>
        ))}
      </ul>
      <div className="sidebar-account">
        <div className="sidebar-account-name" data-testid="current-account">{workspace.account.name}</div>
        <div className="sidebar-account-detail">
          {workspace.account.demo ? "Demo data on this computer" : workspace.account.base_url}
        </div>
        <button type="button" className="button-ghost" onClick={onSwitchAccount} data-testid="switch-account">
          Switch account
        </button>
      </div>
    </nav>
  );
}
