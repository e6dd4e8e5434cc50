import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { suggestSendHourQuery } from "../../ipc/commands";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { hhmm, isoDay, localValue } from "../../kit/calendar";
import own from "./Campaigns.module.css";

/** The next time the clock shows `hour`:00, as the date and time field holds it. */
export function nextAt(hour: number, now: Date = new Date()): string {
  const at = new Date(now);
  at.setHours(hour, 0, 0, 0);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return localValue(isoDay(at), hour, 0);
}

/**
 * The hour the chosen lists' readers opened most (over the last campaigns
 * sent to them, in the service's time) with the figures it rests on; a
 * click sets the launch time to the next such hour.
 */
export function BestHour({ listIds, disabled, onPick }: { listIds: number[]; disabled: boolean; onPick: (at: string) => void }) {
  const t = useT();
  const format = useFormat();
  const best = useQuery({ ...suggestSendHourQuery(listIds), enabled: listIds.length > 0, staleTime: 10 * 60_000, placeholderData: keepPreviousData });
  const found = best.data;
  if (!found) return null;
  const hour = hhmm(found.hour, 0);
  const figures = t("campaigns.launch.bestHourFigures", {
    share: format.percent(found.opensInHour / found.opens),
    opens: found.opens,
    opensText: format.count(found.opens),
    campaigns: found.campaigns,
  });
  return (
    <span className={own.bestHour} data-testid="best-hour" data-hour={found.hour}>
      <Button variant="link" disabled={disabled} onClick={() => onPick(nextAt(found.hour))} title={t("campaigns.launch.bestHourHint", { hour })} data-testid="best-hour-use">
        {t("campaigns.launch.bestHour", { hour })}
      </Button>
      <span className={own.bestHourFigures} title={figures}>
        {figures}
      </span>
    </span>
  );
}
