import { useQuery } from "@tanstack/react-query";
import type { ChartTheme } from "../../ipc/bindings/ChartTheme";
import type { ChartWords } from "../../ipc/bindings/ChartWords";
import { campaignDashboard, reportCampaigns } from "../../ipc/commands";

export const keys = {
  campaigns: ["report_campaigns"] as const,
  dashboard: (campaignId: number, theme: ChartTheme, words: ChartWords) => ["campaign_dashboard", campaignId, theme, words] as const,
};

export function useReportCampaigns() {
  return useQuery({ queryKey: keys.campaigns, queryFn: reportCampaigns });
}

/** A campaign's dashboard; while it is still going out, read again every half minute. */
export function useDashboard(campaignId: number, theme: ChartTheme, words: ChartWords) {
  return useQuery({
    queryKey: keys.dashboard(campaignId, theme, words),
    queryFn: () => campaignDashboard(campaignId, theme, words),
    refetchInterval: (query) => (query.state.data?.campaign.sending ? 30_000 : false),
  });
}
