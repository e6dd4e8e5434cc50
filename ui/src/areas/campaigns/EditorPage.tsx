import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { CampaignDraft } from "../../ipc/bindings/CampaignDraft";
import type { EditorView } from "../../ipc/bindings/EditorView";
import { keepDraft } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { TextField } from "../../kit/Field";
import styles from "../../kit/Page.module.css";
import { SafeHtmlFrame } from "../../kit/SafeHtmlFrame";
import { useToast } from "../../kit/Toast";
import { useDebounced } from "../../kit/useDebounced";
import own from "./Campaigns.module.css";
import { STATE_LABELS } from "./CampaignsPage";
import { CheckPanel } from "./CheckPanel";
import { LaunchBar } from "./LaunchBar";
import { useCampaign, useLaunchCampaign, useLaunchCheck, usePreview, useSaveCampaign } from "./queries";

export function EditorPage() {
  const t = useT();
  const { campaignId } = useParams({ from: "/w/campaigns/$campaignId" });
  const campaign = useCampaign(Number(campaignId));
  return (
    <section className={styles.area}>
      <Link to="/w/campaigns" className={styles.back} data-testid="back-to-campaigns">
        ← {t("campaigns.title")}
      </Link>
      {campaign.error && <ErrorNotice error={toDeskError(campaign.error)} />}
      {campaign.isPending && <div className={styles.empty}>{t("campaigns.editor.loading")}</div>}
      {campaign.data && <Editor key={campaign.data.id} view={campaign.data} />}
    </section>
  );
}

/** The frame's width: the whole column for a desktop client, a phone's for mobile. */
const PREVIEW_WIDTHS = { desktop: undefined, mobile: 375 } as const;

function Editor({ view }: { view: EditorView }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const navigate = useNavigate();
  const editable = view.state === "draft" || view.state === "needsFix";
  const [saved, setSaved] = useState(view.saved);
  const [draft, setDraft] = useState(view.saved);
  const [offered, setOffered] = useState(view.unsaved);
  const [width, setWidth] = useState<keyof typeof PREVIEW_WIDTHS>("desktop");
  const [showImages, setShowImages] = useState(false);
  const save = useSaveCampaign();
  const launch = useLaunchCampaign();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const settled = useDebounced(draft, 300);
  const check = useLaunchCheck(settled, view.context);
  const preview = usePreview(settled.html, showImages);
  const change = (patch: Partial<CampaignDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // Every pause in typing is kept on this computer until the service has it.
  const kept = useRef(JSON.stringify(view.saved));
  useEffect(() => {
    const text = JSON.stringify(settled);
    if (!editable || text === kept.current) return;
    kept.current = text;
    keepDraft(view.id, settled).catch((e) => toast(explain(toDeskError(e), t).title, "error"));
  }, [settled, editable, view.id, toast, t]);

  const saveNow = async () => {
    if (!dirty) return;
    await save.mutateAsync({ campaignId: view.id, draft });
    setSaved(draft);
  };

  return (
    <div className={own.editor} data-testid="campaign-editor" data-campaign-id={view.id}>
      <header className={styles.header}>
        <div>
          <h1>{draft.name || t("campaigns.editor.untitled")}</h1>
          <p className={styles.subtitle}>
            <span className={[own.badge, own[view.state]].join(" ")}>{t(STATE_LABELS[view.state])}</span>{" "}
            {view.deliveryTime && format.dateTime(view.deliveryTime)}{" "}
            <span data-testid="save-state">{dirty ? t("campaigns.editor.unsaved") : t("campaigns.editor.saved")}</span>
          </p>
        </div>
        {editable && (
          <Button
            variant="secondary"
            disabled={!dirty || save.isPending}
            onClick={() => void saveNow().catch((e) => toast(explain(toDeskError(e), t).title, "error"))}
            data-testid="save-campaign"
          >
            {save.isPending ? t("common.saving") : t("campaigns.editor.save")}
          </Button>
        )}
      </header>
      {!editable && <p className={own.notice}>{t("campaigns.editor.readOnly")}</p>}
      {offered && editable && (
        <div className={own.notice} role="status" data-testid="unsaved-offer">
          <span>{t("campaigns.editor.unsavedFound")}</span>
          <Button variant="primary" onClick={() => (setDraft(offered), setOffered(null))} data-testid="restore-draft">
            {t("campaigns.editor.restore")}
          </Button>
          <Button variant="secondary" onClick={() => setOffered(null)} data-testid="discard-draft">
            {t("campaigns.editor.discard")}
          </Button>
        </div>
      )}
      {save.error && <ErrorNotice error={toDeskError(save.error)} />}
      <div className={own.columns}>
        <fieldset className={own.form} disabled={!editable}>
          <TextField label={t("campaigns.editor.name")} value={draft.name} onChange={(name) => change({ name })} data-testid="campaign-name" />
          <TextField label={t("campaigns.editor.subject")} value={draft.subject} onChange={(subject) => change({ subject })} data-testid="campaign-subject" />
          <div className={own.pair}>
            <TextField label={t("campaigns.editor.fromName")} value={draft.fromName} onChange={(fromName) => change({ fromName })} data-testid="campaign-from-name" />
            <TextField
              label={t("campaigns.editor.fromEmail")}
              value={draft.fromEmail}
              onChange={(fromEmail) => change({ fromEmail })}
              list="confirmed-senders"
              data-testid="campaign-from-email"
            />
            <datalist id="confirmed-senders">
              {view.context.senders.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </div>
          <div className={own.lists} role="group" aria-label={t("campaigns.editor.lists")}>
            <span className={own.label}>{t("campaigns.editor.lists")}</span>
            {view.context.lists.map((list) => (
              <label key={list.id} className={own.listChoice}>
                <input
                  type="checkbox"
                  checked={draft.listIds.includes(list.id)}
                  onChange={(e) => change({ listIds: e.target.checked ? [...draft.listIds, list.id] : draft.listIds.filter((id) => id !== list.id) })}
                  data-testid="campaign-list"
                  data-list-name={list.name}
                />
                {list.name} <span className={styles.detail}>{t("campaigns.editor.active", { count: list.active, countText: format.count(list.active) })}</span>
              </label>
            ))}
          </div>
          <label className={own.code}>
            <span className={own.label}>{t("campaigns.editor.html")}</span>
            <textarea value={draft.html} onChange={(e) => change({ html: e.target.value })} spellCheck={false} rows={14} data-testid="campaign-html" />
          </label>
          <label className={own.code}>
            <span className={own.label}>{t("campaigns.editor.text")}</span>
            <textarea value={draft.text} onChange={(e) => change({ text: e.target.value })} rows={5} data-testid="campaign-text" />
          </label>
        </fieldset>
        <div className={own.side}>
          {check.data && <CheckPanel check={check.data} />}
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
          <SafeHtmlFrame html={preview.data?.html ?? ""} title={t("campaigns.preview.title")} width={PREVIEW_WIDTHS[width]} height={520} data-testid="campaign-preview" />
        </div>
      </div>
      {editable && (
        <LaunchBar
          campaignId={view.id}
          name={draft.name}
          check={settled === draft && !check.isPlaceholderData ? check.data : undefined}
          save={saveNow}
          launch={async (at) => {
            await launch.mutateAsync({ campaignId: view.id, at });
            toast(t(at ? "campaigns.launch.scheduled" : "campaigns.launch.sent", { name: draft.name }));
            void navigate({ to: "/w/campaigns" });
          }}
        />
      )}
    </div>
  );
}
