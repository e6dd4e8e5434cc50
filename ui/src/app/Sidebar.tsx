import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { useState } from "react";
import { AREAS } from "../areas";
import type { WorkspaceView } from "../ipc/bindings/WorkspaceView";
import { resetDemo } from "../ipc/commands";
import { LanguageSelect } from "../i18n/LanguageSelect";
import { useFormat, useT } from "../i18n/I18n";
import { Button } from "../kit/Button";
import { ConfirmDialog } from "../kit/ActionDialog";
import { Menu } from "../kit/Menu";
import { useToast } from "../kit/Toast";
import { balanceLow } from "./balance";
import { readyToLeave } from "./leaving";
import { forgetPlaces, placeOf } from "./places";
import { DiagnosticsMenu } from "./diagnostics/DiagnosticsMenu";
import { openPalette, PALETTE_KEY } from "./palette/CommandPalette";
import styles from "./Sidebar.module.css";
import { useSwitchAccount } from "./switchAccount";
import { useWorkspace } from "./workspace";

export function Sidebar({ workspace }: { workspace: WorkspaceView }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const { setWorkspace } = useWorkspace();
  const [resetting, setResetting] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { account, balance } = workspace;

  const { leave } = useSwitchAccount();

  return (
    <nav className={styles.sidebar} aria-label={t("nav.label")}>
      <div className={styles.brand}>
        <span className={styles.mark} aria-hidden="true">
          ✉
        </span>
        Campaign Desk
      </div>
      <button type="button" className={styles.find} onClick={openPalette} data-testid="open-palette">
        <span className={styles.icon} aria-hidden="true">
          ⌕
        </span>
        {t("palette.open")}
        <kbd className={styles.key}>{PALETTE_KEY}</kbd>
      </button>
      <ul className={styles.nav}>
        {AREAS.map((area) => {
          const current = pathname.startsWith(`/w/${area.id}`);
          return (
            <li key={area.id}>
              <button
                type="button"
                className={[styles.item, current ? styles.current : ""].join(" ")}
                aria-current={current ? "page" : undefined}
                onClick={() => void navigate({ href: placeOf(area.id) })}
                data-testid={`nav-${area.id}`}
              >
                <span className={styles.icon} aria-hidden="true">
                  {area.icon}
                </span>
                {t(area.label)}
                {area.Badge && <area.Badge />}
              </button>
            </li>
          );
        })}
      </ul>
      <div className={styles.footer}>
        <div className={styles.accountRow}>
          <div className={styles.accountName} data-testid="current-account">
            {account.demo ? t("accounts.demo.name") : account.name}
          </div>
          {account.demo && (
            <Menu
              label={t("accounts.demo.menu")}
              testId="demo-menu"
              items={[{ label: t("accounts.demo.reset"), onSelect: () => void readyToLeave().then(setResetting), danger: true, testId: "reset-demo" }]}
            />
          )}
        </div>
        <div className={styles.detail}>{account.demo ? t("accounts.demo.where") : account.baseUrl}</div>
        <div className={styles.detail}>
          {balance.subscriberLimit === null
            ? t("balance.subscribers", { count: balance.subscribers })
            : t("balance.subscribersOf", { count: balance.subscribers, limit: format.count(balance.subscriberLimit) })}
        </div>
        {balanceLow(balance).length > 0 && (
          <Link to="/w/account" className={styles.low} data-testid="balance-low">
            {t("balance.low")}
          </Link>
        )}
        <LanguageSelect className={styles.language} />
        <DiagnosticsMenu />
        <Button variant="ghost" onClick={() => void leave()} data-testid="switch-account">
          {t("accounts.switch")}
        </Button>
      </div>
      {resetting && (
        <ConfirmDialog
          title={t("accounts.demo.resetTitle")}
          confirmLabel={t("accounts.demo.resetConfirm")}
          onClose={() => setResetting(false)}
          onConfirm={async () => {
            const fresh = await resetDemo();
            forgetPlaces();
            setWorkspace(fresh);
            // The same account, new data: every screen on show reads again.
            await queries.resetQueries();
            toast(t("accounts.demo.resetDone"));
            await navigate({ to: "/w/lists" });
          }}
        >
          <p>{t("accounts.demo.resetBody")}</p>
        </ConfirmDialog>
      )}
    </nav>
  );
}
