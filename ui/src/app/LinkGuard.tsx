import { Channel } from "@tauri-apps/api/core";
import { useEffect, useState } from "react";
import type { LinkView } from "../ipc/bindings/LinkView";
import { openLink, watchLinks } from "../ipc/commands";
import { useT } from "../i18n/I18n";
import { ActionDialog } from "../kit/ActionDialog";
import styles from "./LinkGuard.module.css";

/**
 * Asks, as for a link clicked in a message, whether to open `url`: the
 * window opens no other, and hands the address it asked for to the guard
 * below (see `main_window` in the Tauri crate), which shows where it leads.
 */
export function openThroughGuard(url: string) {
  window.open(url, "_blank", "noopener,noreferrer");
}

/**
 * A link clicked in a subscriber's message: where it really leads, before
 * it opens in the system browser (or mail program). Messages show in
 * sandboxed frames, whose clicks the app turns into these questions.
 */
export function LinkGuard() {
  const t = useT();
  const [link, setLink] = useState<LinkView | null>(null);

  useEffect(() => {
    const channel = new Channel<LinkView>();
    channel.onmessage = setLink;
    void watchLinks(channel);
  }, []);

  if (!link) return null;
  const web = link.kind === "web";
  return (
    <ActionDialog
      title={t("link.title")}
      actionLabel={web ? t("link.openWeb") : t("link.openMail")}
      testId="open-link"
      onRun={() => openLink(link.url)}
      onClose={() => setLink(null)}
    >
      <p className={styles.lead}>{web ? t("link.webLead") : t("link.mailLead")}</p>
      <p className={styles.target} data-testid="link-target">
        {link.target}
      </p>
      {link.lookalike && (
        <p className={styles.warning} role="note" data-testid="link-lookalike">
          {t("link.lookalike")}
        </p>
      )}
      {link.userInfo != null && (
        <p className={styles.warning} role="note" data-testid="link-user-info">
          {t("link.userInfo", { name: link.userInfo, site: link.target })}
        </p>
      )}
      <p className={styles.lead}>{t("link.fullAddress")}</p>
      <p className={styles.url} data-testid="link-url">
        {link.shownUrl}
      </p>
    </ActionDialog>
  );
}
