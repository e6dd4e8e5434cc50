import { Channel } from "@tauri-apps/api/core";
import { useCallback, useEffect, useState } from "react";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { UpdateCheck } from "../../ipc/bindings/UpdateCheck";
import type { UpdateProgress } from "../../ipc/bindings/UpdateProgress";
import { checkForUpdates, installUpdate, restartApp } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useFormat, useT } from "../../i18n/I18n";
import { Dialog } from "../../kit/Dialog";
import { usePaletteActions } from "../../kit/palette";
import { useToast } from "../../kit/Toast";
import styles from "./Updates.module.css";

type Offered = Extract<UpdateCheck, { kind: "offered" }>;

/** Where the dialog is: each step shows what the user may do next. */
type Step =
  | { at: "checking" }
  | { at: "checked"; check: Exclude<UpdateCheck, { kind: "installed" }> }
  | { at: "installing"; offer: Offered; progress: UpdateProgress | null }
  | { at: "installed"; version: string };

let openNow: (() => void) | null = null;

/** How often the app asks the feed by itself, as it starts. */
const DAY = 24 * 60 * 60 * 1000;
/** When it last did (ms since the epoch), in the page's storage. */
export const CHECKED_AT = "updates.checkedAt";

/** Opens the updates dialog, which checks at once (the Help menus, the palette). */
export function openUpdates() {
  openNow?.();
}

/**
 * The updates dialog, wherever it was opened from; the palette offers it on
 * every screen. Once a day, as the app starts, the feed is asked without
 * a word: a newer version is said in a toast that opens the dialog, and
 * nothing else is said (a build without a feed asks nobody).
 */
export function Updates() {
  const t = useT();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  usePaletteActions([{ id: "check-for-updates", label: "updates.menu", run: openUpdates }], { later: true });
  useEffect(() => {
    openNow = () => setOpen(true);
    return () => {
      openNow = null;
    };
  }, []);
  useEffect(() => {
    if (Date.now() - Number(localStorage.getItem(CHECKED_AT) ?? 0) < DAY) return;
    checkForUpdates().then(
      (found) => {
        localStorage.setItem(CHECKED_AT, String(Date.now()));
        if (found.kind === "offered") {
          toast(t("updates.available", { version: found.version }), "success", { label: t("updates.see"), onClick: openUpdates });
        }
      },
      // The menu's check says why; unasked, a failure is not worth a word.
      () => {},
    );
    // Once, as the app starts: not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return open ? <UpdatesDialog onClose={() => setOpen(false)} /> : null;
}

/**
 * Checks the update feed and says what it found: the newest version
 * already, the package manager's job (a build without a feed), or a newer
 * version with its notes, installed on the user's word and then started.
 * A failure (no network, a package whose signature is not the
 * publisher's) is said under what was shown, with a way to try again.
 */
function UpdatesDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const [step, setStep] = useState<Step>({ at: "checking" });
  const [error, setError] = useState<DeskError | null>(null);

  const check = useCallback(() => {
    setError(null);
    setStep({ at: "checking" });
    checkForUpdates().then(
      (check) => setStep(check.kind === "installed" ? { at: "installed", version: check.version } : { at: "checked", check }),
      (reason) => setError(toDeskError(reason)),
    );
  }, []);
  useEffect(check, [check]);

  const install = (offer: Offered) => {
    setError(null);
    setStep({ at: "installing", offer, progress: null });
    const channel = new Channel<UpdateProgress>();
    // A message that comes after the answer changes nothing.
    channel.onmessage = (progress) => setStep((now) => (now.at === "installing" ? { ...now, progress } : now));
    installUpdate(channel).then(
      () => setStep({ at: "installed", version: offer.version }),
      (reason) => {
        setError(toDeskError(reason));
        setStep({ at: "checked", check: offer });
      },
    );
  };

  if (step.at === "checking") {
    return (
      <Dialog
        title={t("updates.title")}
        onClose={onClose}
        busy={false}
        error={error}
        action={error ? { label: t("updates.tryAgain"), busyLabel: t("updates.checking"), run: check, testId: "updates-check-again" } : undefined}
      >
        {!error && (
          <p role="status" data-testid="updates-checking">
            {t("updates.checking")}
          </p>
        )}
      </Dialog>
    );
  }

  if (step.at === "installing") {
    const progress = step.progress;
    const downloading = progress?.step === "downloading" ? progress : null;
    return (
      <Dialog title={t("updates.offered.title", { version: step.offer.version })} onClose={onClose} busy>
        <div className={styles.progress} role="status" data-testid="updates-installing">
          <progress max={downloading?.total ?? undefined} value={downloading?.total ? downloading.received : undefined} />
          <span>
            {progress?.step === "installing"
              ? t("updates.installing")
              : downloading?.total
                ? t("updates.downloadedOf", { done: format.bytes(downloading.received), total: format.bytes(downloading.total) })
                : t("updates.downloaded", { done: format.bytes(downloading?.received ?? 0) })}
          </span>
        </div>
      </Dialog>
    );
  }

  if (step.at === "installed") {
    return (
      <Dialog
        title={t("updates.installed.title", { version: step.version })}
        onClose={onClose}
        busy={false}
        closeLabel={t("updates.later")}
        action={{ label: t("updates.restart"), busyLabel: t("updates.restart"), run: () => void restartApp().catch((reason) => setError(toDeskError(reason))), testId: "updates-restart" }}
        error={error}
      >
        <p data-testid="updates-installed">{t("updates.installed.body")}</p>
      </Dialog>
    );
  }

  const found = step.check;
  if (found.kind === "upToDate" || found.kind === "packageManager") {
    return (
      <Dialog title={t("updates.title")} onClose={onClose} busy={false}>
        <p data-testid={found.kind === "upToDate" ? "updates-up-to-date" : "updates-package-manager"}>
          {found.kind === "upToDate"
            ? t("updates.upToDate", { current: found.current })
            : t("updates.packageManager", { current: found.current })}
        </p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={t("updates.offered.title", { version: found.version })}
      onClose={onClose}
      busy={false}
      closeLabel={t("updates.later")}
      error={error}
      action={{
        label: error ? t("updates.tryAgain") : t("updates.install"),
        busyLabel: t("updates.installing"),
        run: () => install(found),
        testId: "updates-install",
      }}
      large
    >
      <p className={styles.versions} data-testid="updates-offered">
        {found.date
          ? t("updates.offered.youHaveReleased", { current: found.current, date: format.date(found.date) })
          : t("updates.offered.youHave", { current: found.current })}
      </p>
      {found.notes.trim() && (
        <section aria-label={t("updates.notes")}>
          <h3 className={styles.heading}>{t("updates.notes")}</h3>
          <div className={styles.notes} data-testid="updates-notes" tabIndex={0}>
            {found.notes.trim()}
          </div>
        </section>
      )}
    </Dialog>
  );
}
