import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { AutomationRow } from "../../ipc/bindings/AutomationRow";
import type { WorkflowRow } from "../../ipc/bindings/WorkflowRow";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { Menu } from "../../kit/Menu";
import { usePaletteActions } from "../../kit/palette";
import { moveAmongRows } from "../../kit/rowKeys";
import styles from "../../kit/Page.module.css";
import { useToast } from "../../kit/Toast";
import { pendingSends } from "../../kit/UndoWindow";
import own from "./Automations.module.css";
import { STATE_LABELS, delayText, eventsText } from "./describe";
import { useCopyAutomation, useCopyWorkflow, useDeleteAutomation, useDeleteWorkflow, useTriggerAutomation } from "../../ipc/commands";
import { useAutomations } from "./queries";
import { TriggerDialog } from "./TriggerDialog";

type Dialog =
  | { kind: "none" }
  | { kind: "trigger"; automation: AutomationRow }
  | { kind: "delete"; automation: AutomationRow }
  | { kind: "deleteWorkflow"; workflow: WorkflowRow };
interface Trigger {
  automation: AutomationRow;
  email: string;
}

export function AutomationsPage() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const navigate = useNavigate();
  const automations = useAutomations();
  const copy = useCopyAutomation();
  const remove = useDeleteAutomation();
  const trigger = useTriggerAutomation();
  const copyWorkflow = useCopyWorkflow();
  const removeWorkflow = useDeleteWorkflow();
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const close = () => setDialog({ kind: "none" });
  const open = (id: number | "new") => void navigate({ to: "/w/automations/$automationId", params: { automationId: String(id) } });
  usePaletteActions([{ id: "new-automation", label: "automations.new", run: () => open("new") }]);
  const failed = (e: unknown) => {
    const explained = explain(toDeskError(e), t);
    toast([explained.title, explained.reason].join(" "), "error");
  };
  // Held by the app for ten seconds, whichever page is shown; the shell shows the countdown.
  const go = ({ automation, email }: Trigger) =>
    pendingSends.start({
      key: `trigger:${automation.id}:${email}`,
      says: { key: "automations.trigger.sendingIn", values: { name: automation.name, email } },
      testId: "trigger",
      run: async () => {
        await trigger.mutateAsync({ id: automation.id, email });
        toast(t("automations.trigger.sent", { name: automation.name, email }));
      },
    });
  const makeCopy = async (automation: AutomationRow) => {
    try {
      await copy.mutateAsync({ id: automation.id });
      toast(t("automations.copied", { name: automation.name }));
    } catch (e) {
      failed(e);
    }
  };
  const all = automations.data?.automations ?? [];
  const workflows = automations.data?.workflows ?? [];
  const nameOf = (id: number) => all.find((a) => a.id === id)?.name ?? `#${id}`;

  return (
    <section className={styles.area}>
      <header className={styles.header}>
        <div>
          <h1>{t("automations.title")}</h1>
          {automations.data && <p className={styles.subtitle}>{t("automations.summary", { count: all.length })}</p>}
        </div>
        <Button variant="primary" onClick={() => open("new")} data-testid="new-automation">
          {t("automations.new")}
        </Button>
      </header>
      {automations.error && <ErrorNotice error={toDeskError(automations.error)} />}
      {automations.isPending && <div className={styles.empty}>{t("automations.loading")}</div>}
      {automations.data && all.length === 0 && (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t("automations.none")}</p>
          <p>{t("automations.noneHint")}</p>
        </div>
      )}
      {all.length > 0 && (
        <div className={styles.wrap}>
          <table className={styles.table} data-testid="automations-table">
            <thead>
              <tr>
                <th className={styles.nameCell}>{t("automations.column.name")}</th>
                <th>{t("automations.column.when")}</th>
                <th>{t("automations.column.state")}</th>
                <th className={styles.num}>{t("automations.column.sent")}</th>
                <th>
                  <span className={styles.unseen}>{t("common.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody onKeyDown={moveAmongRows}>
              {all.map((automation) => (
                <tr key={automation.id} data-testid="automation-row" data-automation-name={automation.name} data-state={automation.state}>
                  <td>
                    <Button variant="link" onClick={() => open(automation.id)} data-testid="open-automation">
                      {automation.name}
                    </Button>
                    {automation.workflowId !== null && <span className={own.workflow}>{workflows.find((w) => w.id === automation.workflowId)?.name}</span>}
                    <div className={styles.detail}>{automation.subject}</div>
                  </td>
                  <td>
                    <div>{eventsText(automation.events, t)}</div>
                    <div className={styles.detail}>
                      {delayText(automation.delay, t)} · {automation.lists.join(", ") || t("automations.noLists")}
                    </div>
                  </td>
                  <td>
                    <span className={[own.badge, own[automation.state]].join(" ")}>{t(STATE_LABELS[automation.state])}</span>
                    {automation.moderation && (
                      <div className={styles.detail} data-testid="moderation" data-moderation={automation.moderation.kind}>
                        {automation.moderation.kind === "passed"
                          ? t("automations.moderation.passed")
                          : t("automations.moderation.waiting", { when: format.dateTime(automation.moderation.asOf) })}
                      </div>
                    )}
                  </td>
                  <td className={styles.num}>{automation.sent > 0 ? format.count(automation.sent) : "—"}</td>
                  <td className={styles.actions}>
                    <Menu
                      label={t("automations.actionsFor", { name: automation.name })}
                      testId="automation-menu"
                      items={[
                        { label: t("automations.trigger.open"), onSelect: () => setDialog({ kind: "trigger", automation }), testId: "trigger-automation" },
                        { label: t("automations.copy"), onSelect: () => void makeCopy(automation), testId: "copy-automation" },
                        { label: t("automations.delete"), onSelect: () => setDialog({ kind: "delete", automation }), danger: true, testId: "delete-automation" },
                      ]}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {workflows.length > 0 && (
        <section className={own.workflows} data-testid="workflows">
          <h2>{t("automations.workflows")}</h2>
          <ul>
            {workflows.map((w) => (
              <li key={w.id} data-testid="workflow">
                <span className={own.workflowName}>{w.name}</span>
                <span className={[styles.detail, own.grow].join(" ")}>{w.automationIds.map(nameOf).join(" → ") || t("automations.workflowEmpty")}</span>
                <Button
                  variant="link"
                  onClick={() =>
                    void copyWorkflow.mutateAsync({ id: w.id }).then(
                      () => toast(t("automations.workflowCopied", { name: w.name })),
                      failed,
                    )
                  }
                  data-testid="copy-workflow"
                >
                  {t("automations.workflowCopy")}
                </Button>
                <Button variant="link" onClick={() => setDialog({ kind: "deleteWorkflow", workflow: w })} data-testid="delete-workflow">
                  {t("automations.workflowDelete")}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {dialog.kind === "trigger" && (
        <TriggerDialog
          automation={dialog.automation}
          onClose={close}
          onConfirm={(email) => go({ automation: dialog.automation, email })}
        />
      )}
      {dialog.kind === "deleteWorkflow" && (
        <ConfirmDialog
          title={t("automations.workflowDeleteTitle", { name: dialog.workflow.name })}
          confirmLabel={t("automations.workflowDeleteConfirm")}
          onClose={close}
          onConfirm={async () => {
            await removeWorkflow.mutateAsync({ id: dialog.workflow.id });
            toast(t("automations.workflowDeleted", { name: dialog.workflow.name }));
          }}
        >
          <p>{t("automations.workflowDeleteBody", { count: dialog.workflow.automationIds.length })}</p>
        </ConfirmDialog>
      )}
      {dialog.kind === "delete" && (
        <ConfirmDialog
          title={t("automations.delete.title", { name: dialog.automation.name })}
          confirmLabel={t("automations.delete.confirm")}
          onClose={close}
          onConfirm={async () => {
            await remove.mutateAsync({ id: dialog.automation.id });
            toast(t("automations.deleted", { name: dialog.automation.name }));
          }}
        >
          <p>{t("automations.delete.body")}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
