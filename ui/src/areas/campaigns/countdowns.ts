import type { MessageKey } from "../../i18n/I18n";
import type { Reach } from "../../ipc/bindings/Reach";
import type { PendingSend } from "../../kit/pendingSends";

/** What the shell's countdown says of a launch now or at a time: "about" when the count is approximate. */
export function launchSays(name: string, reach: Reach, scheduled: boolean): PendingSend["says"] {
  const key: MessageKey = scheduled
    ? reach.approximate
      ? "campaigns.launch.schedulingInApprox"
      : "campaigns.launch.schedulingIn"
    : reach.approximate
      ? "campaigns.launch.sendingInApprox"
      : "campaigns.launch.sendingIn";
  return { key, values: { name, count: reach.count } };
}

/** What the countdown of a resume says: "about" when the count left is approximate. */
export function resumeSays(name: string, reach: Reach): PendingSend["says"] {
  return { key: reach.approximate ? "campaigns.resumingInApprox" : "campaigns.resumingIn", values: { name, count: reach.count } };
}
