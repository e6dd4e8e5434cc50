import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FolderChoice } from "../../ipc/bindings/FolderChoice";
import { copyCampaign, deleteCampaign, listCampaigns, moveCampaign } from "../../ipc/commands";

export const keys = {
  campaigns: ["list_campaigns"] as const,
};

export function useCampaigns() {
  return useQuery({ queryKey: keys.campaigns, queryFn: listCampaigns });
}

/** Every change re-reads the campaigns (and the reports' list of them). */
function useCampaignsChange<A, R>(change: (args: A) => Promise<R>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([queries.invalidateQueries({ queryKey: keys.campaigns }), queries.invalidateQueries({ queryKey: ["report_campaigns"] })]),
  });
}

export const useCopyCampaign = () => useCampaignsChange((campaignId: number) => copyCampaign(campaignId));
export const useMoveCampaign = () =>
  useCampaignsChange(({ campaignId, folder }: { campaignId: number; folder: FolderChoice }) => moveCampaign(campaignId, folder));
export const useDeleteCampaign = () => useCampaignsChange((campaignId: number) => deleteCampaign(campaignId));
