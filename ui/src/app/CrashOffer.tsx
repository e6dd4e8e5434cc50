import { useQuery } from "@tanstack/react-query";
import { copyCrashReport, lastCrashQuery, openLogFolder, useDismissCrash } from "../ipc/commands";
import { toDeskError } from "../ipc/errors";
import { explain } from "../i18n/explain";
import { useT } from "../i18n/I18n";
import { Button } from "../kit/Button";
import { useToast } from "../kit/Toast";
import styles from "./CrashOffer.module.css";

/**
 * The last run ended without closing (killed, out of memory, a crash): its
 * report is offered at the next start, above the area, until closed: copied
 * for a bug report or found in the log folder. It asks nothing and holds
 * nothing up.
 */
export function CrashOffer() {
  const t = useT();
  const toast = useToast();
  const { data: offer } = useQuery(lastCrashQuery());
  const dismiss = useDismissCrash();
  if (!offer) return null;
  const failed = (reason: unknown) => toast(explain(toDeskError(reason), t).title, "error");
  return (
    <section className={styles.bar} aria-label={t("crashOffer.title")} data-testid="crash-offer" data-report={offer.report}>
      <div className={styles.words}>
        <strong>{t("crashOffer.title")}</strong>
        <span>{offer.panicked ? t("crashOffer.panicked") : t("crashOffer.ended")}</span>
        <span>{t("crashOffer.report", { report: offer.report })}</span>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void copyCrashReport().then(() => toast(t("crashOffer.copied")), failed)} data-testid="crash-offer-copy">
          {t("crashOffer.copy")}
        </Button>
        <Button variant="ghost" onClick={() => void openLogFolder().catch(failed)} data-testid="crash-offer-folder">
          {t("diagnostics.openLogFolder")}
        </Button>
        <Button variant="ghost" onClick={() => dismiss.mutate()} data-testid="crash-offer-dismiss">
          {t("crashOffer.dismiss")}
        </Button>
      </div>
    </section>
  );
}
