import { useState } from "react";
import type { ListSummary } from "../../ipc/bindings/ListSummary";
import { useCleanList } from "../../ipc/commands";
import { useFormat, useT } from "../../i18n/I18n";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { useToast } from "../../kit/Toast";

/** The list's cleaning: its bounced and complained records removed, after asking with how many there are. */
export function CleanList({ list }: { list: ListSummary }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const clean = useCleanList();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button onClick={() => setAsking(true)} data-testid="clean-list">
        {t("clean.button")}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t("clean.title", { list: list.name })}
          confirmLabel={t("clean.confirm")}
          onConfirm={async () => {
            const removed = await clean.mutateAsync({ listId: list.id });
            toast(t("clean.done", { count: removed }));
          }}
          onClose={() => setAsking(false)}
        >
          <p>{t("clean.what", { bounced: format.count(list.counts.bounced), complained: format.count(list.counts.complained) })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
