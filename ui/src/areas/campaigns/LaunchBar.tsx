import { useRef, useState } from "react";
import type { LaunchCheck } from "../../ipc/bindings/LaunchCheck";
import type { Reach } from "../../ipc/bindings/Reach";
import type { SendingOptions } from "../../ipc/bindings/SendingOptions";
import { campaignReach } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { PlanRoom } from "../../app/PlanRoom";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { DateTimeField } from "../../kit/DateTimeField";
import { UNDO_SECONDS, pendingSends, useHeldSend } from "../../kit/UndoWindow";
import { useRuleText } from "../../letter/CheckPanel";
import own from "./Campaigns.module.css";
import { BestHour } from "./BestHour";
import { launchSays } from "./countdowns";

interface LaunchBarProps {
  campaignId: number;
  name: string;
  check: LaunchCheck | undefined;
  /** Saves what is unsaved; the launch goes only when it is saved. */
  save: () => Promise<void>;
  /** Runs when the undo window ends, whichever page is shown then. */
  launch: (at: string | null) => Promise<void>;
  /** The campaign's options; the bar sets when it goes (each subscriber's time zone, best time). */
  options: SendingOptions;
  onOptions: (options: SendingOptions) => void;
  /** The lists it goes to: the hour their readers opened most is suggested. */
  listIds: number[];
}

type Step = { kind: "idle" } | { kind: "saving" } | { kind: "asking"; at: string | null; reach: Reach };

/** Schedule or send: asks first with how many it reaches, then the app waits ten seconds with an Undo (shown by the shell). */
export function LaunchBar({ campaignId, name, check, save, launch, options, onOptions, listIds }: LaunchBarProps) {
  const t = useT();
  const format = useFormat();
  const ruleText = useRuleText();
  const [at, setAt] = useState("");
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [error, setError] = useState<string | null>(null);
  const firstFailure = check?.items.find((i) => i.outcome === "fail");
  const reason = !check ? t("campaigns.launch.checking") : firstFailure ? t("campaigns.launch.blocked", { rule: ruleText(firstFailure) }) : null;
  const pending = `launch:${campaignId}`;
  const held = useHeldSend(pending);
  // The launch runs after this page may be gone: it takes the latest `launch` given.
  const launchLatest = useRef(launch);
  launchLatest.current = launch;
  const busy = step.kind !== "idle" || held !== undefined;
  // A time already gone: the service would refuse it.
  const gone = Boolean(at) && new Date(at).getTime() <= Date.now();

  // A second click before the page has drawn the first one's state does nothing.
  const asking = useRef(false);
  const ask = async (when: string | null) => {
    if (asking.current) return;
    asking.current = true;
    setError(null);
    setStep({ kind: "saving" });
    try {
      await save();
      setStep({ kind: "asking", at: when, reach: await campaignReach(campaignId) });
    } catch (e) {
      setError(explain(toDeskError(e), t).title);
      setStep({ kind: "idle" });
    } finally {
      asking.current = false;
    }
  };

  return (
    <div className={own.launchBar} data-testid="launch-bar">
      <DateTimeField label={t("campaigns.launch.at")} value={at} onChange={setAt} disabled={busy} testId="launch-at" />
      <Button variant="secondary" disabled={Boolean(reason) || !at || gone || busy} onClick={() => void ask(at)} data-testid="launch-schedule">
        {t("campaigns.launch.schedule")}
      </Button>
      <Button variant="primary" disabled={Boolean(reason) || busy} onClick={() => void ask(null)} data-testid="launch-send">
        {t("campaigns.launch.send")}
      </Button>
      {/* After the buttons, in the space left, never wrapping: it comes when its figures are read, and moves nothing a pointer may be on. */}
      <BestHour listIds={listIds} disabled={busy} onPick={setAt} />
      <div className={own.launchFoot}>
        <label className={own.timing} title={t("campaigns.launch.inTimeZoneHint")}>
          <input
            type="checkbox"
            checked={options.inSubscriberTimeZone}
            disabled={busy}
            onChange={(e) => onOptions({ ...options, inSubscriberTimeZone: e.target.checked })}
            data-testid="launch-time-zone"
          />
          {t("campaigns.launch.inTimeZone")}
        </label>
        <label className={own.timing} title={t("campaigns.launch.bestTimeHint")}>
          <input type="checkbox" checked={options.bestTime} disabled={busy} onChange={(e) => onOptions({ ...options, bestTime: e.target.checked })} data-testid="launch-best-time" />
          {t("campaigns.launch.bestTime")}
        </label>
        {/* The line is always there, so the bar keeps its height while each edit is checked again:
            a bar that grew and shrank moved the page under the pointer of whoever was scrolled to the end. */}
        {reason || gone ? (
          <p className={own.launchReason} data-testid="launch-reason">
            {reason ?? t("campaigns.launch.gone")}
          </p>
        ) : (
          <p className={own.launchReason} data-testid="launch-ready">
            {t("campaigns.launch.ready")}
          </p>
        )}
      </div>
      {error && (
        <p className={own.launchError} role="alert" data-testid="launch-error">
          {error}
        </p>
      )}
      {step.kind === "asking" && (
        <ConfirmDialog
          title={t(step.at ? "campaigns.launch.scheduleTitle" : "campaigns.launch.sendTitle", { name })}
          confirmLabel={t(step.at ? "campaigns.launch.scheduleConfirm" : "campaigns.launch.sendConfirm")}
          onClose={() => setStep((s) => (s.kind === "asking" ? { kind: "idle" } : s))}
          onConfirm={async () => {
            const at = step.at;
            pendingSends.start({
              key: pending,
              says: launchSays(name, step.reach, Boolean(at)),
              testId: "launch",
              run: () => launchLatest.current(at),
            });
            setStep({ kind: "idle" });
          }}
        >
          <p data-testid="launch-reach">
            {t(
              step.at
                ? step.reach.approximate ? "campaigns.launch.scheduleBodyApprox" : "campaigns.launch.scheduleBody"
                : step.reach.approximate ? "campaigns.launch.sendBodyApprox" : "campaigns.launch.sendBody",
              { count: step.reach.count, countText: format.count(step.reach.count), when: step.at ? format.dateTime(step.at) : "" },
            )}
          </p>
          {step.reach.approximate && <p>{t("campaigns.launch.approxHint")}</p>}
          <PlanRoom kind="messages" needed={step.reach.count} />
          <p>{t("campaigns.launch.undoHint", { seconds: UNDO_SECONDS })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
