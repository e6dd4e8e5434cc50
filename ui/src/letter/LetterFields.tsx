import { lazy, Suspense, useMemo, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CheckContext } from "../ipc/bindings/CheckContext";
import { blockLetterCode, renderBlockLetter, renderBlockLetterQuery, textFromHtml } from "../ipc/commands";
import { ActionDialog } from "../kit/ActionDialog";
import { STARTER_NAMES, STARTERS, starterLetter } from "./blocks/starters";
import { useFormat, useT } from "../i18n/I18n";
import { Button } from "../kit/Button";
import { CodeEditor, type TagCompletion } from "../kit/CodeEditor";
import { TextField } from "../kit/Field";
import { ListPicker } from "../kit/ListPicker";
import type { LetterBodyValue, WhyHtml } from "./body";
import own from "./Letter.module.css";
import { LetterFileMenu } from "./LetterFileMenu";

/** What a letter is made of, in a campaign and in an automation alike. */
export interface Letter extends LetterBodyValue {
  subject: string;
  fromName: string;
  fromEmail: string;
  listIds: number[];
  text: string;
}

// The block editor is a part of its own, loaded when a block letter is opened.
const BlockEditor = lazy(() => import("./blocks/BlockEditor"));

/** The editor's two columns (the letter, and its check and preview beside it); a block letter's canvas takes the wider share. */
export function letterColumns(body: LetterBodyValue): string {
  return [own.columns, body.blocks ? own.columnsWide : ""].join(" ");
}

/** The HTML a letter goes as: its blocks rendered, or its code. */
export function useSentHtml(letter: LetterBodyValue): { html: string; error: unknown } {
  const rendered = useQuery({ ...renderBlockLetterQuery(letter.blocks!), enabled: !!letter.blocks, placeholderData: keepPreviousData });
  return letter.blocks ? { html: rendered.data ?? "", error: rendered.error } : { html: letter.html, error: null };
}

interface LetterFieldsProps {
  letter: Letter;
  change: (patch: Partial<Letter>) => void;
  context: CheckContext;
  editable: boolean;
  /** Test hooks are `<prefix>-subject`, `<prefix>-html` and so on. */
  testPrefix: string;
  /** Whether an empty letter offers to be made of blocks. */
  blocksOffered?: boolean;
  /** Why a letter that could have been blocks opens as code: said above the code. */
  whyHtml?: WhyHtml | null;
  /** What a file the letter is saved to is named after (the campaign's or automation's name). */
  fileName: string;
}

const WHY_HTML_WORDS = { blocksEditedElsewhere: "blocks.editedElsewhere", madeInServiceBuilder: "blocks.madeInServiceBuilder" } as const;

/** The subject, the sender (the confirmed ones offered), the lists, and the HTML and text versions in code editors. */
export function LetterFields({ letter, change, context, editable, testPrefix, blocksOffered, whyHtml, fileName }: LetterFieldsProps) {
  const t = useT();
  const format = useFormat();
  const id = (name: string) => `${testPrefix}-${name}`;
  const tags = useLetterTags(context, letter.listIds);
  return (
    <>
      <TextField label={t("campaigns.editor.subject")} value={letter.subject} onChange={(subject) => change({ subject })} data-testid={id("subject")} />
      <div className={own.pair}>
        <TextField label={t("campaigns.editor.fromName")} value={letter.fromName} onChange={(fromName) => change({ fromName })} data-testid={id("from-name")} />
        <TextField
          label={t("campaigns.editor.fromEmail")}
          value={letter.fromEmail}
          onChange={(fromEmail) => change({ fromEmail })}
          list={id("senders")}
          data-testid={id("from-email")}
        />
        <datalist id={id("senders")}>
          {context.senders.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </div>
      <ListPicker
        multiple
        label={t("campaigns.editor.lists")}
        lists={context.lists}
        value={letter.listIds}
        onChange={(listIds) => change({ listIds })}
        activeText={(list) => t("campaigns.editor.active", { count: list.active, countText: format.count(list.active) })}
        testId={id("list")}
      />
      <LetterBody
        body={letter}
        change={change}
        tags={tags}
        editable={editable}
        testId={id("html")}
        blocksOffered={blocksOffered}
        whyHtml={whyHtml}
        sender={senderOf(context, letter)}
        fileName={fileName}
      />
      <div className={own.code}>
        <span className={own.codeHead}>
          <span className={own.label}>{t("campaigns.editor.text")}</span>
          {editable && (
            <Button
              variant="link"
              disabled={!letter.blocks && !letter.html.trim()}
              onClick={() => void (letter.blocks ? renderBlockLetter(letter.blocks) : Promise.resolve(letter.html)).then(textFromHtml).then((text) => change({ text }))}
              data-testid="text-from-html"
            >
              {t("campaigns.editor.textFromHtml")}
            </Button>
          )}
        </span>
        <CodeEditor
          value={letter.text}
          onChange={(text) => change({ text })}
          language="text"
          label={t("campaigns.editor.text")}
          tags={tags}
          readOnly={!editable}
          placeholder={t("campaigns.editor.textHint")}
          testId={id("text")}
        />
      </div>
    </>
  );
}

/** The tags a letter to `listIds` may say: what those lists define, then what every message has. */
export function useLetterTags(context: Pick<CheckContext, "lists">, listIds: number[]): TagCompletion[] {
  const t = useT();
  return useMemo(() => completions(context, listIds, t("campaigns.editor.tagEmail"), t("campaigns.editor.tagUnsubscribe")), [context, listIds, t]);
}

/** The tags the chosen lists define (each once), then the ones every message has. */
function completions(context: Pick<CheckContext, "lists">, listIds: number[], email: string, unsubscribe: string): TagCompletion[] {
  const seen = new Map<string, string>();
  for (const list of context.lists) {
    if (!listIds.includes(list.id)) continue;
    for (const tag of list.tags) if (!seen.has(tag.tag)) seen.set(tag.tag, tag.title);
  }
  return [...[...seen].map(([tag, detail]) => ({ tag, detail })), { tag: "%EMAIL%", detail: email }, { tag: "%ОТПИСАТЬСЯ%", detail: unsubscribe }];
}

/** The letter's body: its blocks in the block editor, or its HTML code (an empty one offers blocks). */
export function LetterBody({ body, change, tags, editable, testId, blocksOffered, whyHtml, sender, fileName }: {
  body: LetterBodyValue;
  change: (patch: Partial<LetterBodyValue>) => void;
  tags: TagCompletion[];
  editable: boolean;
  testId: string;
  blocksOffered?: boolean;
  whyHtml?: WhyHtml | null;
  /** Who the footer names: the chosen list's company details. */
  sender: { company: string; address: string };
  fileName: string;
}) {
  const t = useT();
  const [askingCode, setAskingCode] = useState(false);
  const chips = useMemo(() => tags.filter((tag) => tag.tag !== "%ОТПИСАТЬСЯ%").map((tag) => ({ name: tag.tag.replace(/^%|%$/g, ""), title: tag.detail })), [tags]);
  if (body.blocks) {
    const blocks = body.blocks;
    return (
      <div className={own.code}>
        <span className={own.codeHead}>
          <span className={own.label}>{t("blocks.mode.blocks")}</span>
          {editable && (
            <span className={own.headActions}>
              <Button variant="link" onClick={() => setAskingCode(true)} data-testid="blocks-to-code">
                {t("blocks.mode.code")}
              </Button>
              <LetterFileMenu name={fileName} body={body} change={change} />
            </span>
          )}
        </span>
        <Suspense fallback={<p className={own.hint}>{t("common.loading")}</p>}>
          <BlockEditor letter={blocks} onChange={(next) => change({ blocks: next })} tags={chips} editable={editable} />
        </Suspense>
        {askingCode && (
          <ActionDialog
            title={t("blocks.toCode.title")}
            actionLabel={t("blocks.toCode.confirm")}
            testId="blocks-to-code-confirm"
            onRun={async () => change({ html: await blockLetterCode(blocks), blocks: null })}
            onClose={() => setAskingCode(false)}
          >
            <p>{t("blocks.toCode.body")}</p>
          </ActionDialog>
        )}
      </div>
    );
  }
  return (
    <div className={own.code}>
      <span className={own.codeHead}>
        <span className={own.label}>{t("campaigns.editor.html")}</span>
        {editable && blocksOffered && !body.html.trim() && (
          <span className={own.starters} role="group" aria-label={t("blocks.starters")} title={t("blocks.startHint")}>
            <span>{t("blocks.starters")}</span>
            {STARTERS.map((starter) => (
              <Button key={starter} variant="link" onClick={() => change({ blocks: starterLetter(starter, t, sender), html: "" })} data-testid="blocks-start" data-starter={starter}>
                {t(STARTER_NAMES[starter])}
              </Button>
            ))}
          </span>
        )}
        {editable && <LetterFileMenu name={fileName} body={body} change={change} />}
      </span>
      {whyHtml && (
        <p className={own.hint} data-testid="why-html" data-why={whyHtml}>
          {t(WHY_HTML_WORDS[whyHtml])}
        </p>
      )}
      <CodeEditor value={body.html} onChange={(html) => change({ html })} language="html" label={t("campaigns.editor.html")} tags={tags} readOnly={!editable} testId={testId} />
    </div>
  );
}

/** The company details of the first chosen list that has them, else the sender's name. */
function senderOf(context: CheckContext, letter: Letter): { company: string; address: string } {
  const list = context.lists.find((l) => letter.listIds.includes(l.id) && (l.company || l.address));
  return list ? { company: list.company, address: list.address } : { company: letter.fromName, address: "" };
}
