import { useQuery } from "@tanstack/react-query";
import type { CampaignDraft } from "../../ipc/bindings/CampaignDraft";
import type { CheckContext } from "../../ipc/bindings/CheckContext";
import { checkCampaignQuery, listCampaignsQuery, openCampaignQuery } from "../../ipc/commands";

export function useCampaigns() {
  return useQuery(listCampaignsQuery());
}

/** The campaign as the editor opens it: read once, not again behind the user's back. */
export function useCampaign(campaignId: number) {
  return useQuery({ ...openCampaignQuery(campaignId), staleTime: Infinity, refetchOnWindowFocus: false });
}

export function useLaunchCheck(draft: CampaignDraft | undefined, context: CheckContext | undefined) {
  return useQuery({
    ...checkCampaignQuery(draft!, context!),
    enabled: Boolean(draft && context),
    placeholderData: (previous) => previous,
  });
}
