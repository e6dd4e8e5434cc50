import { Channel } from "@tauri-apps/api/core";
import { useState } from "react";
import type { DeskError } from "../../ipc/bindings/DeskError";
import type { ImportPlan } from "../../ipc/bindings/ImportPlan";
import type { ImportProgress } from "../../ipc/bindings/ImportProgress";
import type { ImportRecord } from "../../ipc/bindings/ImportRecord";
import { listImports, useResumeImport, useStartImport } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";

/**
 * An import as its dialog follows it: started or resumed with its progress
 * coming over a channel; stopped on the way, its record as the journal
 * keeps it, to resume from there.
 */
export function useImportRun(listId: number, resumed: ImportRecord | null) {
  const [record, setRecord] = useState<ImportRecord | null>(resumed);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<DeskError | null>(null);
  const start = useStartImport();
  const resume = useResumeImport();
  const follow = async (send: (onProgress: Channel<ImportProgress>) => Promise<ImportRecord>, knownId: string | null) => {
    const channel = new Channel<ImportProgress>();
    let id = knownId;
    channel.onmessage = (update) => {
      id = update.importId;
      setProgress(update);
    };
    setFailure(null);
    setRunning(true);
    try {
      setRecord(await send(channel));
    } catch (error) {
      setFailure(toDeskError(error));
      const now = id ? (await listImports(listId)).find((r) => r.id === id) : undefined;
      if (now) setRecord(now);
    } finally {
      setRunning(false);
    }
  };
  return {
    record,
    setRecord,
    progress,
    running,
    failure,
    start: (plan: ImportPlan) => follow((onProgress) => start.mutateAsync({ plan, onProgress }), null),
    resume: (from: ImportRecord) => follow((onProgress) => resume.mutateAsync({ importId: from.id, onProgress }), from.id),
  };
}

export type ImportRunState = ReturnType<typeof useImportRun>;
