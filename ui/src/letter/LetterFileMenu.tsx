import { useEffect, useRef, useState } from "react";
import type { LetterFromFile } from "../ipc/bindings/LetterFromFile";
import { openLetterFile, saveLetterFile } from "../ipc/commands";
import { useT } from "../i18n/I18n";
import { ActionDialog } from "../kit/ActionDialog";
import { useExportNote } from "../kit/ExportMenu";
import { Menu } from "../kit/Menu";
import type { MenuItem } from "../kit/menuItem";
import { useToast } from "../kit/Toast";
import type { LetterBodyValue } from "./body";

/**
 * A letter's file menu: a file opened in the letter's place (an MJML file
 * as HTML, an HTML file as it is, a block letter as its blocks; a letter
 * that says something is replaced only after a question), and the letter
 * saved as HTML or, when it is made of blocks, as MJML.
 */
export function LetterFileMenu({ name, body, change }: { name: string; body: LetterBodyValue; change: (patch: Partial<LetterBodyValue>) => void }) {
  const t = useT();
  const toast = useToast();
  const note = useExportNote();
  const [replacing, setReplacing] = useState<LetterFromFile | null>(null);
  // The letter as it is when the file comes back: the page stays usable while the OS's dialog is open.
  const latest = useRef(body);
  latest.current = body;
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  const put = (file: LetterFromFile) => {
    const before = { html: latest.current.html, blocks: latest.current.blocks ?? null };
    change({ html: file.html, blocks: file.blocks });
    toast(t("letterFile.opened", { name: file.name }), "success", { label: t("common.undo"), onClick: () => change(before) });
  };
  const open = () =>
    void openLetterFile()
      .then((file) => file && mounted.current && (latest.current.blocks || latest.current.html.trim() ? setReplacing(file) : put(file)))
      .catch(note.failed);
  const save = (format: "html" | "mjml") => void saveLetterFile(name, body.html, body.blocks ?? null, format).then(note.saved).catch(note.failed);
  const items: MenuItem[] = [
    { label: t("letterFile.open"), onSelect: open, testId: "letter-file-open" },
    { label: t("letterFile.saveHtml"), onSelect: () => save("html"), testId: "letter-file-save-html" },
    ...(body.blocks ? [{ label: t("letterFile.saveMjml"), onSelect: () => save("mjml"), testId: "letter-file-save-mjml" }] : []),
  ];
  return (
    <>
      <Menu label={t("letterFile.menu")} shown items={items} testId="letter-file" />
      {replacing && (
        <ActionDialog
          title={t("letterFile.replace.title", { name: replacing.name })}
          actionLabel={t("letterFile.replace.confirm")}
          testId="letter-file-replace"
          onRun={async () => put(replacing)}
          onClose={() => setReplacing(null)}
        >
          <p>{t("letterFile.replace.body")}</p>
        </ActionDialog>
      )}
    </>
  );
}
