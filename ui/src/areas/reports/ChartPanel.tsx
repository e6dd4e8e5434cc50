import type { ReactNode } from "react";
import type { ChartGap } from "../../ipc/bindings/ChartGap";
import type { ChartView } from "../../ipc/bindings/ChartView";
import { useT, type MessageKey } from "../../i18n/I18n";
import { Chart } from "../../kit/Chart";
import { ChartExport } from "./Export";
import styles from "./Reports.module.css";

interface ChartPanelProps {
  title: MessageKey;
  chart: ChartView;
  /** What the chart is of (a campaign's name), for the exported file's name. */
  of: string;
  testId: string;
  /** Said instead of the chart when it has nothing to show; without it, the empty chart is drawn. */
  empty?: MessageKey;
  /** Why the chart has nothing to show when what it is drawn from could not be had: said instead of it. */
  gap?: ChartGap | null;
  /** Shown above the chart (a note). */
  before?: ReactNode;
  /** Shown below the chart (its table). */
  children?: ReactNode;
}

/** A chart with its heading and export; what it says when there is nothing to draw. */
const GAPS: Record<ChartGap, MessageKey> = {
  notOffered: "reports.gap.notOffered",
  unread: "reports.gap.unread",
};

export function ChartPanel({ title, chart, of, testId, empty, gap, before, children }: ChartPanelProps) {
  const t = useT();
  const nothing = chart.marks.length === 0;
  return (
    <div className={styles.panel}>
      <header className={styles.panelHead}>
        <h2>{t(title)}</h2>
        {!nothing && !gap && <ChartExport chart={chart} name={`${of} — ${t(title)}`} />}
      </header>
      {!gap && before}
      {!gap && chart.legend.length > 0 && (
        <p className={styles.legend} data-testid="chart-legend">
          {chart.legend.map((entry) => (
            <span key={entry.name}>
              <span className={styles.swatch} style={{ background: entry.colour }} /> {entry.name}
            </span>
          ))}
        </p>
      )}
      {gap ? (
        <p className={styles.muted} data-testid={`${testId}-gap`}>
          {t(GAPS[gap])}
        </p>
      ) : nothing && empty ? (
        <p className={styles.muted}>{t(empty)}</p>
      ) : (
        <>
          <Chart chart={chart} title={t(title)} testId={testId} />
          {children}
        </>
      )}
    </div>
  );
}
