import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { attachFile, campaignAttachments, detachFile } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import own from "./Campaigns.module.css";

/** Files the campaign carries, each attached by its web address (the service fetches it). */
export function AttachmentsField({ campaignId, editable }: { campaignId: number; editable: boolean }) {
  const t = useT();
  const format = useFormat();
  const queries = useQueryClient();
  const key = ["campaign_attachments", campaignId] as const;
  const files = useQuery({ queryKey: key, queryFn: () => campaignAttachments(campaignId) });
  const settled = { onSettled: () => queries.invalidateQueries({ queryKey: key }) };
  const attach = useMutation({ mutationFn: ({ url, name }: { url: string; name: string }) => attachFile(campaignId, url, name), ...settled });
  const detach = useMutation({ mutationFn: (id: number) => detachFile(campaignId, id), ...settled });
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const failure = attach.error ?? detach.error ?? files.error;
  return (
    <fieldset className={own.section} data-testid="attachments">
      <legend>{t("attachments.title")}</legend>
      {files.data?.length === 0 && <p className={own.hint}>{t("attachments.none")}</p>}
      <ul className={own.files}>
        {files.data?.map((file) => (
          <li key={file.id} data-testid="attachment">
            <span>{file.name}</span> <span className={own.hint}>{file.size > 0 ? format.bytes(file.size) : t("attachments.fetching")}</span>
            {editable && (
              <Button variant="link" onClick={() => detach.mutate(file.id)} aria-label={t("attachments.remove", { name: file.name })} data-testid="detach">
                ✕
              </Button>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <div className={own.condition}>
          <input type="url" value={url} placeholder="https://…" aria-label={t("attachments.address")} onChange={(e) => setUrl(e.target.value)} data-testid="attachment-url" />
          <input value={name} placeholder={t("attachments.name")} aria-label={t("attachments.name")} onChange={(e) => setName(e.target.value)} data-testid="attachment-name" />
          <Button
            variant="secondary"
            disabled={!url.trim() || attach.isPending}
            onClick={() => attach.mutate({ url, name }, { onSuccess: () => (setUrl(""), setName("")) })}
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
