import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Channel } from "@tauri-apps/api/core";
import { useState } from "react";
import type { ChartTheme } from "../../ipc/bindings/ChartTheme";
import type { ChartWords } from "../../ipc/bindings/ChartWords";
import type { DashboardView } from "../../ipc/bindings/DashboardView";
import type { OverviewView } from "../../ipc/bindings/OverviewView";
import type { Progress } from "../../ipc/bindings/Progress";
import { campaignBreakdownQuery, campaignDashboardQuery, compareCampaignsQuery, openDetails, openDetailsKey, reportCampaignsQuery, reportOverview, reportOverviewKey } from "../../ipc/commands";
import { backingOff } from "./liveRefresh";

export function useReportCampaigns() {
  return useQuery(reportCampaignsQuery());
}

/**
 * The account at a glance: shown with the newest campaigns' figures first,
 * then again as the rest arrive (while `coming`); read again while something
 * is going out.
 */
export function useOverview(theme: ChartTheme, words: ChartWords) {
  const queryClient = useQueryClient();
  const queryKey = reportOverviewKey(theme, words);
  return useQuery({
    queryKey,
    queryFn: () => {
      const onMore = new Channel<OverviewView>();
      onMore.onmessage = (view) => queryClient.setQueryData(queryKey, view);
      return reportOverview(theme, words, onMore);
    },
    refetchInterval: (query) => (query.state.data?.sending.length ? 30_000 : false),
  });
}

const liveDashboard = backingOff((view: DashboardView) => JSON.stringify([view.counts, view.campaign.sent]));

/** A campaign's dashboard; while it is still going out, read again on its own, less often while nothing changes. */
export function useDashboard(campaignId: number, theme: ChartTheme, words: ChartWords) {
  return useQuery({
    ...campaignDashboardQuery(campaignId, theme, words),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.campaign.sending ? liveDashboard(query.queryHash, data, query.state.dataUpdatedAt) : false;
    },
  });
}

/**
 * What a dashboard shows below its first screen, read once it comes into
 * view; while the campaign goes out, again with the dashboard's pace.
 */
export function useBreakdown(campaignId: number, theme: ChartTheme, inView: boolean, sending: boolean) {
  return useQuery({
    ...campaignBreakdownQuery(campaignId, theme),
    enabled: inView,
    refetchInterval: sending ? 60_000 : false,
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
    // The count of openers is in the key: more openers, a count again.
    queryKey: [...openDetailsKey(campaignId, theme, words), opened ?? -1],
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
  return useQuery(compareCampaignsQuery(campaignIds, theme, words));
}
