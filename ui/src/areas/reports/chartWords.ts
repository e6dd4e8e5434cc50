import { useMemo } from "react";
import { useIntl } from "react-intl";
import type { ChartWords } from "../../ipc/bindings/ChartWords";
import { useT } from "../../i18n/I18n";

/** A Monday: the week the weekday names are read from. */
const MONDAY = new Date(2026, 10, 23);

/** The words charts draw, in the reader's language (Rust writes none of its own). */
export function useChartWords(): ChartWords {
  const t = useT();
  const intl = useIntl();
  return useMemo(
    () => ({
      sent: t("reports.card.sent"),
      delivered: t("reports.card.delivered"),
      opened: t("reports.card.opened"),
      clicked: t("reports.card.clicked"),
      opens: t("reports.series.opens"),
      clicks: t("reports.series.clicks"),
      deliveryRate: t("reports.rateName.delivery"),
      openRate: t("reports.rateName.open"),
      clickRate: t("reports.rateName.click"),
      clickToOpen: t("reports.card.clickToOpen"),
      unsubscribeRate: t("reports.rateName.unsubscribe"),
      hour: t("reports.hourUnit"),
      decimal: intl.formatNumber(1.5).charAt(1),
      // "DD.MM" or "MM/DD": 23 November written the reader's way.
      dayMonth: intl.formatDate(MONDAY, { day: "2-digit", month: "2-digit" }).replace("23", "DD").replace("11", "MM"),
      // "50%" or "50 %" (with the locale's own space), the number as "#".
      percent: intl.formatNumber(0.5, { style: "percent" }).replace("50", "#"),
      mobile: t("reports.device.mobile"),
      desktop: t("reports.device.desktop"),
      tablet: t("reports.device.tablet"),
      otherDevice: t("reports.device.other"),
      lightMode: t("reports.mode.light"),
      darkMode: t("reports.mode.dark"),
      bounceHard: t("reports.bounce.hard"),
      bounceSoft: t("reports.bounce.soft"),
      bounceBlocked: t("reports.bounce.blocked"),
      bounceSpam: t("reports.bounce.spam"),
      weekdays: Array.from({ length: 7 }, (_, n) =>
        intl.formatDate(new Date(MONDAY.getTime() + n * 86_400_000), { weekday: "short" }),
      ),
    }),
    [t, intl],
  );
}
