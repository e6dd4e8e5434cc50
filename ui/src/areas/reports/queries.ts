import { useQuery } from "@tanstack/react-query";
import { Channel } from "@tauri-apps/api/core";
import { useState } from "react";
import type { ChartTheme } from "../../ipc/bindings/ChartTheme";
import type { ChartWords } from "../../ipc/bindings/ChartWords";
import type { DashboardView } from "../../ipc/bindings/DashboardView";
import type { Progress } from "../../ipc/bindings/Progress";
import { campaignDashboard, compareCampaigns, openDetails, reportCampaigns, reportOverview } from "../../ipc/commands";
import { backingOff } from "./liveRefresh";

export const keys = {
  campaigns: ["report_campaigns"] as const,
  overview: (theme: ChartTheme, words: ChartWords) => ["report_overview", theme, words] as const,
  dashboard: (campaignId: number, theme: ChartTheme, words: ChartWords) => ["campaign_dashboard", campaignId, theme, words] as const,
  openDetails: (campaignId: number, theme: ChartTheme, words: ChartWords, opened: number) =>
    ["open_details", campaignId, theme, words, opened] as const,
  comparison: (campaignIds: number[], theme: ChartTheme, words: ChartWords) => ["compare_campaigns", campaignIds, theme, words] as const,
};

export function useReportCampaigns() {
  return useQuery({ queryKey: keys.campaigns, queryFn: reportCampaigns });
}

/** The account at a glance; read again while something is going out. */
export function useOverview(theme: ChartTheme, words: ChartWords) {
  return useQuery({
    queryKey: keys.overview(theme, words),
    queryFn: () => reportOverview(theme, words),
    refetchInterval: (query) => (query.state.data?.sending.length ? 30_000 : false),
  });
}

const liveDashboard = backingOff((view: DashboardView) => JSON.stringify([view.counts, view.campaign.sent, view.linkRows]));

/** A campaign's dashboard; while it is still going out, read again on its own, less often while nothing changes. */
export function useDashboard(campaignId: number, theme: ChartTheme, words: ChartWords) {
  return useQuery({
    queryKey: keys.dashboard(campaignId, theme, words),
    queryFn: () => campaignDashboard(campaignId, theme, words),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.campaign.sending ? liveDashboard(query.queryHash, data, query.state.dataUpdatedAt) : false;
    },
  });
}

/**
 * What only the opens one by one tell (the figures without opens by
 * machines, devices, reading modes): every open is read, so this comes after
 * the dashboard, and again only when the number of openers has changed.
 * `read` is how many opens the count in progress has read (a big campaign
 * counted for the first time takes seconds).
 */
export function useOpenDetails(campaignId: number, theme: ChartTheme, words: ChartWords, opened: number | undefined) {
  const [read, setRead] = useState(0);
  const query = useQuery({
    queryKey: keys.openDetails(campaignId, theme, words, opened ?? -1),
    queryFn: () => {
      const onRead = new Channel<Progress>();
      onRead.onmessage = (progress) => setRead(progress.done);
      setRead(0);
      return openDetails(campaignId, theme, words, onRead);
    },
    enabled: opened !== undefined,
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });
  return { ...query, read };
}

export function useComparison(campaignIds: number[], theme: ChartTheme, words: ChartWords) {
  return useQuery({
    queryKey: keys.comparison(campaignIds, theme, words),
    queryFn: () => compareCampaigns(campaignIds, theme, words),
  });
}
