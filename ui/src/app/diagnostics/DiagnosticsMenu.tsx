import { copyDiagnostics, openLogFolder } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useT } from "../../i18n/I18n";
import { Menu } from "../../kit/Menu";
import { useToast } from "../../kit/Toast";
import { openUpdates } from "../updates/Updates";

/** Help, where a person looks for it: the log folder and a summary to paste for a bug report, and new versions. */
export function DiagnosticsMenu() {
  const t = useT();
  const toast = useToast();
  const failed = (reason: unknown) => toast(explain(toDeskError(reason), t).title, "error");
  return (
    <Menu
      label={t("diagnostics.menu")}
      shown
      testId="diagnostics-menu"
      items={[
        { label: t("diagnostics.openLogFolder"), onSelect: () => void openLogFolder().catch(failed), testId: "open-log-folder" },
        {
          label: t("diagnostics.copy"),
          onSelect: () => void copyDiagnostics().then(() => toast(t("diagnostics.copied")), failed),
          testId: "copy-diagnostics",
        },
        { label: t("updates.menu"), onSelect: openUpdates, testId: "check-for-updates" },
      ]}
    />
  );
}
