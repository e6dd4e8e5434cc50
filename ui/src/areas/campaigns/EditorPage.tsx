import { Link, useNavigate, useParams, useRouter } from "@tanstack/react-router";
import { useRef, useState } from "react";
import type { CampaignDraft } from "../../ipc/bindings/CampaignDraft";
import type { EditorView } from "../../ipc/bindings/EditorView";
import { keepDraft, sendTest } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { CodeEditor } from "../../kit/CodeEditor";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { KeptChangesOffer, leftBehind, nextRevision, UnreadableDraft, useKeptChanges } from "../../kit/KeptChanges";
import { TextField } from "../../kit/Field";
import styles from "../../kit/Page.module.css";
import { useToast } from "../../kit/Toast";
import { pendingSends } from "../../kit/UndoWindow";
import { useDebounced } from "../../kit/useDebounced";
import { usePaletteActions } from "../../kit/palette";
import { whyHtml } from "../../letter/body";
import { LetterFields, letterColumns, useSentHtml } from "../../letter/LetterFields";
import letter from "../../letter/Letter.module.css";
import { LetterSide } from "../../letter/LetterSide";
import { SegmentEditor } from "../../letter/SegmentEditor";
import own from "./Campaigns.module.css";
import { STATE_LABELS } from "./CampaignsPage";
import { AttachmentsField } from "./AttachmentsField";
import { LaunchBar } from "./LaunchBar";
import { SendingOptionsFields } from "./SendingOptionsFields";
import { TestSendDialog } from "./TestSendDialog";
import { useLaunchCampaign, useSaveCampaign } from "../../ipc/commands";
import { useCampaign, useLaunchCheck } from "./queries";

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

function Editor({ view }: { view: EditorView }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const navigate = useNavigate();
  const router = useRouter();
  const editable = view.state === "draft" || view.state === "needsFix";
  const [saved, setSaved] = useState(view.saved);
  const place = `campaign:${view.id}`;
  // Left a moment ago in this run (to fix the sender in the account): as it was left.
  const [left] = useState(() => leftBehind<CampaignDraft>(place));
  const [draft, setDraft] = useState(left ?? view.saved);
  const [offered, setOffered] = useState(left ? null : view.unsaved);
  const [testing, setTesting] = useState(false);
  const save = useSaveCampaign();
  const launch = useLaunchCampaign();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const settled = useDebounced(draft, 300);
  const check = useLaunchCheck(settled, view.context);
  const sent = useSentHtml(settled);
  const change = (patch: Partial<CampaignDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // Every pause in typing is kept on this computer until the service has it.
  useKeptChanges(settled, view.saved, (value, revision) => keepDraft(view.id, revision, value), editable, (e) => toast(explain(toDeskError(e), t).title, "error"), draft, place);

  const saveNow = async () => {
    if (!dirty) return;
    await save.mutateAsync({ campaignId: view.id, revision: nextRevision(), draft });
    setSaved(draft);
  };
  // A test shows what the service has: what is unsaved is saved first, when the undo window closes
  // (by then this page may be gone: the latest save is kept).
  const saveLatest = useRef(saveNow);
  saveLatest.current = saveNow;
  const testSend = (addresses: string[]) =>
    pendingSends.start({
      key: `test:${view.id}:${addresses.join(",")}`,
      says: { key: "campaigns.test.sendingIn", values: { name: draft.name, count: addresses.length } },
      testId: "test",
      run: async () => {
        await saveLatest.current();
        toast(t("campaigns.test.sent", { count: await sendTest(view.id, addresses) }));
      },
    });
  usePaletteActions([
    editable && { id: "test-send", label: "campaigns.palette.test", run: () => setTesting(true) },
    editable && dirty && {
      id: "save-campaign",
      label: "campaigns.palette.save",
      run: () => void saveNow().catch((e) => toast(explain(toDeskError(e), t).title, "error")),
    },
  ]);
  // After a launch the list shows the campaign's new state, unless the user has gone elsewhere meanwhile.
  const stillHere = () => router.state.location.pathname === `/w/campaigns/${view.id}`;

  return (
    <div className={letter.editor} data-testid="campaign-editor" data-campaign-id={view.id}>
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
          <Button variant="secondary" onClick={() => setTesting(true)} data-testid="test-send">
            {t("campaigns.test.open")}
          </Button>
        )}
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
      {view.unreadableDraft && <UnreadableDraft path={view.unreadableDraft} />}
      {offered && editable && <KeptChangesOffer onRestore={() => (setDraft(offered), setOffered(null))} onDiscard={() => setOffered(null)} />}
      {save.error && <ErrorNotice error={toDeskError(save.error)} />}
      <div className={letterColumns(draft)}>
        <fieldset className={letter.form} disabled={!editable}>
          <TextField label={t("campaigns.editor.name")} value={draft.name} onChange={(name) => change({ name })} data-testid="campaign-name" />
          <LetterFields letter={draft} change={change} context={view.context} editable={editable} testPrefix="campaign" blocksOffered whyHtml={whyHtml(draft, view)} fileName={draft.name} />
          <details className={[letter.section, own.extra].join(" ")} open={draft.amp !== ""}>
            <summary>{t("campaigns.editor.amp")}</summary>
            <CodeEditor
              value={draft.amp}
              onChange={(amp) => change({ amp })}
              language="html"
              label={t("campaigns.editor.amp")}
              readOnly={!editable}
              placeholder={t("campaigns.editor.ampHint")}
              testId="campaign-amp"
            />
          </details>
          <SegmentEditor segment={draft.segment} onChange={(segment) => change({ segment })} context={view.context} listIds={draft.listIds} offerSaved />
          <SendingOptionsFields options={draft.options} onChange={(options) => change({ options })} />
          <AttachmentsField campaignId={view.id} editable={editable} />
        </fieldset>
        <LetterSide check={check.data} html={sent.html} showReach personalFor={view.id} renderError={sent.error} />
      </div>
      {testing && <TestSendDialog onConfirm={testSend} onClose={() => setTesting(false)} />}
      {editable && (
        <LaunchBar
          campaignId={view.id}
          name={draft.name}
          check={settled === draft && !check.isPlaceholderData ? check.data : undefined}
          save={saveNow}
          options={draft.options}
          onOptions={(options) => change({ options })}
          listIds={settled.listIds}
          launch={async (at) => {
            await launch.mutateAsync({ campaignId: view.id, at });
            toast(t(at ? "campaigns.launch.scheduled" : "campaigns.launch.sent", { name: draft.name }));
            if (stillHere()) void navigate({ to: "/w/campaigns" });
          }}
        />
      )}
    </div>
  );
}
