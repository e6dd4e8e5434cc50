import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { campaignAttachmentsQuery, useAttachFile, useDetachFile } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import letter from "../../letter/Letter.module.css";
import own from "./Campaigns.module.css";

/** Files the campaign carries, each attached by its web address (the service fetches it). */
export function AttachmentsField({ campaignId, editable }: { campaignId: number; editable: boolean }) {
  const t = useT();
  const format = useFormat();
  const files = useQuery(campaignAttachmentsQuery(campaignId));
  const attach = useAttachFile();
  const detach = useDetachFile();
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const failure = attach.error ?? detach.error ?? files.error;
  return (
    <fieldset className={letter.section} data-testid="attachments">
      <legend>{t("attachments.title")}</legend>
      {files.data?.length === 0 && <p className={letter.hint}>{t("attachments.none")}</p>}
      <ul className={own.files}>
        {files.data?.map((file) => (
          <li key={file.id} data-testid="attachment">
            <span>{file.name}</span> <span className={letter.hint}>{file.size > 0 ? format.bytes(file.size) : t("attachments.fetching")}</span>
            {editable && (
              <Button variant="link" onClick={() => detach.mutate({ campaignId, attachmentId: file.id })} aria-label={t("attachments.remove", { name: file.name })} data-testid="detach">
                ✕
              </Button>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <div className={letter.condition}>
          <input type="url" value={url} placeholder="https://…" aria-label={t("attachments.address")} onChange={(e) => setUrl(e.target.value)} data-testid="attachment-url" />
          <input value={name} placeholder={t("attachments.name")} aria-label={t("attachments.name")} onChange={(e) => setName(e.target.value)} data-testid="attachment-name" />
          <Button
            variant="secondary"
            disabled={!url.trim() || attach.isPending}
            onClick={() => attach.mutate({ campaignId, url, name }, { onSuccess: () => (setUrl(""), setName("")) })}
            data-testid="attach"
          >
            {t("attachments.add")}
          </Button>
        </div>
      )}
      {failure && <p className={own.launchError} role="alert">{explain(toDeskError(failure), t).title}</p>}
    </fieldset>
  );
}
