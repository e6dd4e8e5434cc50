import { useMemo } from "react";
import type { CheckContext } from "../ipc/bindings/CheckContext";
import { textFromHtml } from "../ipc/commands";
import { useFormat, useT } from "../i18n/I18n";
import { Button } from "../kit/Button";
import { CodeEditor, type TagCompletion } from "../kit/CodeEditor";
import { TextField } from "../kit/Field";
import styles from "../kit/Page.module.css";
import own from "./Letter.module.css";

/** What a letter is made of, in a campaign and in an automation alike. */
export interface Letter {
  subject: string;
  fromName: string;
  fromEmail: string;
  listIds: number[];
  html: string;
  text: string;
}

interface LetterFieldsProps {
  letter: Letter;
  change: (patch: Partial<Letter>) => void;
  context: CheckContext;
  editable: boolean;
  /** Test hooks are `<prefix>-subject`, `<prefix>-html` and so on. */
  testPrefix: string;
}

/** The subject, the sender (the confirmed ones offered), the lists, and the HTML and text versions in code editors. */
export function LetterFields({ letter, change, context, editable, testPrefix }: LetterFieldsProps) {
  const t = useT();
  const format = useFormat();
  const id = (name: string) => `${testPrefix}-${name}`;
  const tags = useMemo(
    () => completions(context, letter.listIds, t("campaigns.editor.tagEmail"), t("campaigns.editor.tagUnsubscribe")),
    [context, letter.listIds, t],
  );
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
      <div className={own.lists} role="group" aria-label={t("campaigns.editor.lists")}>
        <span className={own.label}>{t("campaigns.editor.lists")}</span>
        {context.lists.map((list) => (
          <label key={list.id} className={own.listChoice}>
            <input
              type="checkbox"
              checked={letter.listIds.includes(list.id)}
              onChange={(e) => change({ listIds: e.target.checked ? [...letter.listIds, list.id] : letter.listIds.filter((l) => l !== list.id) })}
              data-testid={id("list")}
              data-list-name={list.name}
            />
            {list.name} <span className={styles.detail}>{t("campaigns.editor.active", { count: list.active, countText: format.count(list.active) })}</span>
          </label>
        ))}
      </div>
      <div className={own.code}>
        <span className={own.label}>{t("campaigns.editor.html")}</span>
        <CodeEditor
          value={letter.html}
          onChange={(html) => change({ html })}
          language="html"
          label={t("campaigns.editor.html")}
          tags={tags}
          readOnly={!editable}
          testId={id("html")}
        />
      </div>
      <div className={own.code}>
        <span className={own.codeHead}>
          <span className={own.label}>{t("campaigns.editor.text")}</span>
          {editable && (
            <Button
              variant="link"
              disabled={!letter.html.trim()}
              onClick={() => void textFromHtml(letter.html).then((text) => change({ text }))}
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

/** The tags the chosen lists define (each once), then the ones every message has. */
function completions(context: CheckContext, listIds: number[], email: string, unsubscribe: string): TagCompletion[] {
  const seen = new Map<string, string>();
  for (const list of context.lists) {
    if (!listIds.includes(list.id)) continue;
    for (const tag of list.tags) if (!seen.has(tag.tag)) seen.set(tag.tag, tag.title);
  }
  return [...[...seen].map(([tag, detail]) => ({ tag, detail })), { tag: "%EMAIL%", detail: email }, { tag: "%ОТПИСАТЬСЯ%", detail: unsubscribe }];
}
