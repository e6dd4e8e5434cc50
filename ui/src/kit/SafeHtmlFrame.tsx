import styles from "./SafeHtmlFrame.module.css";

interface SafeHtmlFrameProps {
  /** HTML already cleaned in Rust (ammonia). */
  html: string;
  title: string;
  /** Width of the frame in CSS pixels; full width when absent (desktop and mobile previews). */
  width?: number;
  height?: number;
  /** Hooks for tests: `data-testid` (else `safe-html-frame`) and other data attributes. */
  [data: `data-${string}`]: string | number | undefined;
}

/**
 * The only place untrusted HTML is shown: a `srcdoc` frame with a sandbox
 * that allows neither scripts nor the app's origin, so even HTML that
 * slipped through cleaning can run nothing and reach nothing of the app.
 * Links cannot navigate the frame or the app (no `allow-top-navigation`,
 * no `allow-popups`).
 */
export function SafeHtmlFrame({ html, title, width, height = 480, ...data }: SafeHtmlFrameProps) {
  return (
    <iframe
      className={styles.frame}
      title={title}
      sandbox=""
      srcDoc={html}
      referrerPolicy="no-referrer"
      style={{ width: width ?? "100%", height }}
      data-testid="safe-html-frame"
      {...data}
    />
  );
}
