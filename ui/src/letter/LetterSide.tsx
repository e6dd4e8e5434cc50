import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { LaunchCheck } from "../ipc/bindings/LaunchCheck";
import { previewCampaignAsQuery, previewCampaignQuery } from "../ipc/commands";
import { toDeskError } from "../ipc/errors";
import { useT } from "../i18n/I18n";
import { ErrorNotice } from "../kit/ErrorNotice";
import { Button } from "../kit/Button";
import { SafeHtmlFrame } from "../kit/SafeHtmlFrame";
import own from "./Letter.module.css";
import { CheckPanel } from "./CheckPanel";

/**
 * The frame's width: a desktop client's reading pane (laid out at its width,
 * scaled down to the column), or a phone's, as is.
 */
const DESKTOP_WIDTH = 700;
const PHONE_WIDTH = 375;

interface LetterSideProps {
  check: LaunchCheck | undefined;
  html: string;
  /** Whether the letter goes to the lists' subscribers at once (a campaign), so the check says how many. */
  showReach: boolean;
  /** A saved campaign whose preview can be shown as one subscriber gets it. */
  personalFor?: number;
  /** Why the letter's blocks could not be rendered, shown above the preview. */
  renderError?: unknown;
}

/** Beside a letter's fields: its live check, and its HTML in the sandboxed frame at desktop or phone width. */
export function LetterSide({ check, html, showReach, personalFor, renderError }: LetterSideProps) {
  const t = useT();
  const [width, setWidth] = useState<"desktop" | "mobile">("desktop");
  const [showImages, setShowImages] = useState(false);
  const [address, setAddress] = useState("");
  const [shownAs, setShownAs] = useState<string | null>(null);
  const plain = useQuery({ ...previewCampaignQuery(html, showImages), placeholderData: (previous) => previous });
  // The saved campaign as the subscriber with `shownAs` gets it; `null` when its lists have no such address.
  const personal = useQuery({
    ...previewCampaignAsQuery(personalFor!, shownAs!, showImages),
    enabled: personalFor !== undefined && shownAs !== null,
  });
  const preview = shownAs ? personal : plain;
  return (
    <div className={own.side}>
      {renderError != null && <ErrorNotice error={toDeskError(renderError)} />}
      {check && <CheckPanel check={check} showReach={showReach} />}
      <div className={own.previewBar}>
        <h2>{t("campaigns.preview.title")}</h2>
        <Button variant={width === "desktop" ? "primary" : "secondary"} onClick={() => setWidth("desktop")} data-testid="preview-desktop">
          {t("campaigns.preview.desktop")}
        </Button>
        <Button variant={width === "mobile" ? "primary" : "secondary"} onClick={() => setWidth("mobile")} data-testid="preview-mobile">
          {t("campaigns.preview.mobile")}
        </Button>
        {(preview.data?.heldImages ?? 0) > 0 && (
          <Button variant="link" onClick={() => setShowImages(true)} data-testid="preview-images">
            {t("campaigns.preview.showImages", { count: preview.data?.heldImages ?? 0 })}
          </Button>
        )}
      </div>
      {personalFor !== undefined && (
        <form
          className={own.condition}
          onSubmit={(e) => {
            e.preventDefault();
            setShownAs(address.trim() || null);
          }}
        >
          <input type="email" value={address} placeholder={t("campaigns.preview.asPlaceholder")} aria-label={t("campaigns.preview.as")} onChange={(e) => setAddress(e.target.value)} data-testid="preview-as" />
          <Button variant="secondary" type="submit" data-testid="preview-as-show">
            {t("campaigns.preview.asShow")}
          </Button>
          {shownAs && (
            <Button variant="link" onClick={() => (setShownAs(null), setAddress(""))} data-testid="preview-as-clear">
              {t("campaigns.preview.asClear")}
            </Button>
          )}
        </form>
      )}
      {shownAs && personal.data === null && <p className={own.hint}>{t("campaigns.preview.asNotFound", { email: shownAs })}</p>}
      {shownAs && personal.data && <p className={own.hint} data-testid="preview-as-note">{t("campaigns.preview.asNote", { email: shownAs })}</p>}
      <SafeHtmlFrame html={preview.data?.html ?? ""} title={t("campaigns.preview.title")} {...(width === "desktop" ? { layoutWidth: DESKTOP_WIDTH } : { width: PHONE_WIDTH })} height={520} data-testid="campaign-preview" />
    </div>
  );
}
