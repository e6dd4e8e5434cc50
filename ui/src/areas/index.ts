import type { Area } from "../app/area";
import { diagnosticsFailures } from "../app/diagnostics/failures";
import { updatesFailures } from "../app/updates/failures";
import { sayFailuresOf } from "../i18n/explain";
import { letterFailures } from "../letter/failures";
import { accountArea } from "./account";
import { automationsArea } from "./automations";
import { campaignsArea } from "./campaigns";
import { inboundArea } from "./inbound";
import { inboxArea } from "./inbox";
import { accountsFailures } from "./accounts/failures";
import { listsArea } from "./lists";
import { reportsArea } from "./reports";
import { templatesArea } from "./templates";
import { transactionalArea } from "./transactional";

/** Every area of the workspace, in sidebar order. */
export const AREAS: Area[] = [listsArea, campaignsArea, inboxArea, reportsArea, automationsArea, templatesArea, transactionalArea, inboundArea, accountArea];

// Each area says its own failures, and those of its parts; so do the letter
// (the floor every area that writes one stands on), and the accounts (the
// start screen's), the diagnostics and the updates (the shell's).
for (const area of AREAS) {
  if (area.failures) sayFailuresOf(area.id, area.failures);
  for (const [part, words] of Object.entries(area.partsFailures ?? {})) sayFailuresOf(part, words);
}
sayFailuresOf("letter", letterFailures);
sayFailuresOf("accounts", accountsFailures);
sayFailuresOf("diagnostics", diagnosticsFailures);
sayFailuresOf("updates", updatesFailures);
