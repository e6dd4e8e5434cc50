export type AreaId =
  | "lists"
  | "campaigns"
  | "automations"
  | "templates"
  | "reports"
  | "inbox"
  | "transactional"
  | "account"
  | "inbound";

export interface Area {
  id: AreaId;
  label: string;
  icon: string;
  /** What the area will hold, said plainly while it is not built yet. */
  summary: string;
  ready: boolean;
}

export const AREAS: Area[] = [
  { id: "lists", label: "Lists", icon: "☰", summary: "Address lists and their subscribers.", ready: true },
  { id: "campaigns", label: "Campaigns", icon: "✉", summary: "Write, check, schedule and launch campaigns.", ready: false },
  { id: "automations", label: "Automations", icon: "⟳", summary: "Messages that send themselves on subscriber events.", ready: false },
  { id: "templates", label: "Templates", icon: "▦", summary: "Layouts to start new campaigns from.", ready: false },
  { id: "reports", label: "Reports", icon: "▤", summary: "Deliveries, opens, clicks and bounces per campaign.", ready: false },
  { id: "inbox", label: "Inbox", icon: "✆", summary: "Read and answer subscribers' replies.", ready: false },
  { id: "transactional", label: "Transactional", icon: "➤", summary: "Single messages to one recipient, and their log.", ready: false },
  { id: "account", label: "Account", icon: "◉", summary: "Balance, senders, sending domains and webhooks.", ready: false },
  { id: "inbound", label: "Inbound", icon: "⇲", summary: "Routes for mail sent to the service's addresses.", ready: false },
];
