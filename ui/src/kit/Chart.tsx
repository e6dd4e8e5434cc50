import { useState } from "react";
import type { ChartView } from "../ipc/bindings/ChartView";
import { useFormat } from "../i18n/I18n";
import styles from "./Chart.module.css";

/** Charts grow with the page up to this much of their drawn size; beyond it their text would loom. */
const MAX_SCALE = 1.35;

/**
 * A chart drawn in Rust: its SVG shown as an image (an image runs nothing),
 * scaled to the width it is given, and a layer of its marks on top that
 * shows the exact values under the pointer, and the whole of a shortened label.
 */
export function Chart({ chart, title, testId }: { chart: ChartView; title: string; testId?: string }) {
  const format = useFormat();
  const [hovered, setHovered] = useState<number | null>(null);
  const mark = hovered === null ? null : chart.marks[hovered];
  const pct = (n: number, of: number) => `${(n / of) * 100}%`;
  return (
    <figure className={styles.chart} style={{ maxWidth: chart.width * MAX_SCALE }} data-testid={testId}>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(chart.svg)}`}
        alt={title}
        width={chart.width}
        height={chart.height}
        data-testid="chart-image"
      />
      <div className={styles.marks} onMouseLeave={() => setHovered(null)}>
        {chart.marks.map((m, i) => (
          <div
            key={i}
            className={styles.mark}
            style={{ left: pct(m.x, chart.width), top: pct(m.y, chart.height), width: pct(m.width, chart.width), height: pct(m.height, chart.height) }}
            onMouseEnter={() => setHovered(i)}
            data-testid="chart-mark"
          />
        ))}
      </div>
      {mark && (
        <div
          className={styles.tip}
          style={{ left: pct(Math.min(mark.x + mark.width, chart.width * 0.7), chart.width), top: pct(mark.y, chart.height) }}
          role="tooltip"
          data-testid="chart-tip"
        >
          <strong>{mark.label}</strong>
          {mark.values.map((v) => (
            <span key={v.series}>
              {v.series && `${v.series}: `}
              {format.count(v.value)}
            </span>
          ))}
        </div>
      )}
    </figure>
  );
}
