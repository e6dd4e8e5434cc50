import type { CampaignState } from "../../ipc/bindings/CampaignState";

/** The campaigns screen, as its URL keeps it. */
export interface CampaignsSearch {
  state?: CampaignState;
  /** A folder's id; 0 for campaigns in no folder. */
  folder?: number;
  q?: string;
}

export const STATES: CampaignState[] = ["draft", "moderating", "needsFix", "scheduled", "sending", "paused", "sent", "blocked"];

/** Reads the search of the campaigns URL, dropping anything it does not know. */
export function campaignsSearch(search: Record<string, unknown>): CampaignsSearch {
  const out: CampaignsSearch = {};
  if (STATES.includes(search.state as CampaignState)) out.state = search.state as CampaignState;
  const folder = Number(search.folder);
  if (search.folder !== undefined && Number.isInteger(folder) && folder >= 0) out.folder = folder;
  if (typeof search.q === "string" && search.q.trim()) out.q = search.q.trim();
  return out;
}

interface Listed {
  name: string;
  subject: string | null;
  state: CampaignState;
  folderId: number | null;
}

/** Whether a campaign is shown under the screen's state, folder and words. */
export function shown(campaign: Listed, search: CampaignsSearch): boolean {
  if (search.state && campaign.state !== search.state) return false;
  if (search.folder !== undefined && (campaign.folderId ?? 0) !== search.folder) return false;
  const words = search.q?.toLocaleLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const text = `${campaign.name} ${campaign.subject ?? ""}`.toLocaleLowerCase();
  return words.every((word) => text.includes(word));
}
