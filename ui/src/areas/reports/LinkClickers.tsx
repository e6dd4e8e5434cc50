import { useInfiniteQuery } from "@tanstack/react-query";
import { linkClickers } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { Dialog } from "../../kit/Dialog";
import { ErrorNotice } from "../../kit/ErrorNotice";
import styles from "./Reports.module.css";

/** Who clicked one link of a campaign, earliest first, a page at a time. */
export function LinkClickers({ campaignId, url, onClose }: { campaignId: number; url: string; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const clickers = useInfiniteQuery({
    queryKey: ["link_clickers", campaignId, url],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => linkClickers(campaignId, url, pageParam),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((n, p) => n + p.rows.length, 0) : undefined),
  });
  const rows = clickers.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Dialog title={t("reports.whoClicked")} onClose={onClose} busy={false}>
      <p className={styles.url}>{url}</p>
      {clickers.error && <ErrorNotice error={toDeskError(clickers.error)} />}
      {clickers.isPending && <p className={styles.muted}>{t("common.loading")}</p>}
      <ul className={styles.clickers} data-testid="clickers">
        {rows.map((c, i) => (
          <li key={`${c.email}-${i}`} data-testid="clicker">
            <span>{c.email}</span>
            <time className={styles.muted}>{format.dateTime(c.at)}</time>
          </li>
        ))}
      </ul>
      {clickers.hasNextPage && (
        <Button variant="ghost" onClick={() => void clickers.fetchNextPage()} disabled={clickers.isFetchingNextPage}>
          {t("reports.moreClickers")}
        </Button>
      )}
    </Dialog>
  );
}
