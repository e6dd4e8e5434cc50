import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FolderChoice } from "../../ipc/bindings/FolderChoice";
import type { CampaignDraft } from "../../ipc/bindings/CampaignDraft";
import type { CheckContext } from "../../ipc/bindings/CheckContext";
import {
  checkCampaign,
  copyCampaign,
  createCampaign,
  deleteCampaign,
  launchCampaign,
  listCampaigns,
  moveCampaign,
  openCampaign,
  pauseCampaign,
  previewCampaign,
  previewCampaignAs,
  resendUnopened,
  resumeCampaign,
  saveCampaign,
  unscheduleCampaign,
} from "../../ipc/commands";

export const keys = {
  campaigns: ["list_campaigns"] as const,
  campaign: (campaignId: number) => ["open_campaign", campaignId] as const,
  check: (draft: CampaignDraft, context: CheckContext) => ["check_campaign", draft, context] as const,
  preview: (html: string, showImages: boolean) => ["preview_campaign", html, showImages] as const,
};

export function useCampaigns() {
  return useQuery({ queryKey: keys.campaigns, queryFn: listCampaigns });
}

/** Every change re-reads the campaigns, the campaign as the editor opens it, and the reports' list of them. */
function useCampaignsChange<A, R>(change: (args: A) => Promise<R>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: keys.campaigns }),
        queries.invalidateQueries({ queryKey: ["open_campaign"] }),
        queries.invalidateQueries({ queryKey: ["report_campaigns"] }),
        queries.invalidateQueries({ queryKey: ["preview_campaign_as"] }),
      ]),
  });
}

export const useCopyCampaign = () => useCampaignsChange((campaignId: number) => copyCampaign(campaignId));
export const useMoveCampaign = () =>
  useCampaignsChange(({ campaignId, folder }: { campaignId: number; folder: FolderChoice }) => moveCampaign(campaignId, folder));
export const useDeleteCampaign = () => useCampaignsChange((campaignId: number) => deleteCampaign(campaignId));
export const useCreateCampaign = () => useCampaignsChange(({ name, listId }: { name: string; listId: number }) => createCampaign(name, listId));

/** The campaign as the editor opens it: read once, not again behind the user's back. */
export function useCampaign(campaignId: number) {
  return useQuery({ queryKey: keys.campaign(campaignId), queryFn: () => openCampaign(campaignId), staleTime: Infinity, refetchOnWindowFocus: false });
}

export function useLaunchCheck(draft: CampaignDraft | undefined, context: CheckContext | undefined) {
  return useQuery({
    queryKey: keys.check(draft!, context!),
    queryFn: () => checkCampaign(draft!, context!),
    enabled: Boolean(draft && context),
    placeholderData: (previous) => previous,
  });
}

/** The saved campaign as the subscriber with `email` gets it; `null` when its lists have no such address. */
export function usePersonalPreview(campaignId: number | undefined, email: string | null, showImages: boolean) {
  return useQuery({
    queryKey: ["preview_campaign_as", campaignId, email, showImages] as const,
    queryFn: () => previewCampaignAs(campaignId!, email!, showImages),
    enabled: campaignId !== undefined && email !== null,
  });
}

export function usePreview(html: string, showImages: boolean) {
  return useQuery({ queryKey: keys.preview(html, showImages), queryFn: () => previewCampaign(html, showImages), placeholderData: (previous) => previous });
}

export const useSaveCampaign = () =>
  useCampaignsChange(({ campaignId, revision, draft }: { campaignId: number; revision: number; draft: CampaignDraft }) =>
    saveCampaign(campaignId, revision, draft),
  );
export const useLaunchCampaign = () =>
  useCampaignsChange(({ campaignId, at }: { campaignId: number; at: string | null }) => launchCampaign(campaignId, at));
export const usePauseCampaign = () => useCampaignsChange((campaignId: number) => pauseCampaign(campaignId));
export const useResumeCampaign = () => useCampaignsChange((campaignId: number) => resumeCampaign(campaignId));
export const useUnscheduleCampaign = () => useCampaignsChange((campaignId: number) => unscheduleCampaign(campaignId));
export const useResendUnopened = () => useCampaignsChange((campaignId: number) => resendUnopened(campaignId));
