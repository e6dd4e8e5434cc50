import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import styles from "./SafeHtmlFrame.module.css";

/** The frame's own page around the message: readable type, images that fit, quoted history folded behind •••. Mail is read on white, as mail clients show it. */
const FRAME_PAGE =
  '<!doctype html><meta charset="utf-8"><style>body{margin:8px;font:14px/1.45 system-ui,sans-serif;color:#1c2230;overflow-wrap:anywhere}img{max-width:100%;height:auto}details.quoted>summary{display:inline-block;list-style:none;cursor:pointer;padding:0 8px;border-radius:8px;background:#eceff3;color:#667085;font-size:12px;line-height:18px;letter-spacing:1px}details.quoted>summary::-webkit-details-marker{display:none}details.quoted[open]>summary{margin-bottom:6px}</style>';

interface SafeHtmlFrameProps {
  /** HTML already cleaned in Rust (ammonia). */
  html: string;
  title: string;
  /** Width of the frame in CSS pixels; full width when absent (desktop and mobile previews). */
  width?: number;
  /**
   * The width the page is laid out at, shown scaled down to the space there
   * is (a desktop mail client's reading pane in a narrow column): the letter
   * keeps its desktop layout instead of stacking as on a phone.
   */
  layoutWidth?: number;
  height?: number;
  /** Hooks for tests: `data-testid` (else `safe-html-frame`) and other data attributes. */
  [data: `data-${string}`]: string | number | undefined;
}

/**
 * The only place untrusted HTML is shown: a `srcdoc` frame with a sandbox
 * that allows neither scripts nor the app's origin, so even HTML that
 * slipped through cleaning can run nothing and reach nothing of the app.
 * Links cannot navigate the frame or the app (no `allow-top-navigation`):
 * cleaning makes each one ask for a new window (`allow-popups`), which the
 * app refuses and turns into "open in the browser?" (see `LinkGuard`).
 */
export function SafeHtmlFrame({ html, title, width, layoutWidth, height = 480, ...data }: SafeHtmlFrameProps) {
  const frame = (style: CSSProperties) => (
    <iframe
      className={styles.frame}
      title={title}
      sandbox="allow-popups"
      srcDoc={FRAME_PAGE + html}
      referrerPolicy="no-referrer"
      style={style}
      data-testid="safe-html-frame"
      // Said on the element once the letter has loaded in it (what a person sees there is whole).
      onLoad={(e) => (e.currentTarget.dataset.loaded = "true")}
      {...data}
    />
  );
  if (layoutWidth === undefined) return frame({ width: width ?? "100%", height });
  return <ScaledToFit layoutWidth={layoutWidth} height={height} frame={frame} />;
}

/** A frame laid out at `layoutWidth` and scaled to the width its place has, `height` high on screen. */
function ScaledToFit({ layoutWidth, height, frame }: { layoutWidth: number; height: number; frame: (style: CSSProperties) => ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(layoutWidth);
  useLayoutEffect(() => {
    const element = place.current;
    if (!element) return;
    const measure = () => setRoom(element.clientWidth || layoutWidth);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [layoutWidth]);
  const scale = Math.min(1, room / layoutWidth);
  return (
    <div ref={place} className={styles.scaled} style={{ height }}>
      {frame({ width: layoutWidth, height: height / scale, transform: `scale(${scale})`, transformOrigin: "0 0" })}
    </div>
  );
}
