import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TemplateKind } from "../../ipc/bindings/TemplateKind";
import type { TemplateSource } from "../../ipc/bindings/TemplateSource";
import { campaignFromTemplate, createTemplate, deleteTemplate, listTemplates, renameTemplate, saveTemplateLayout } from "../../ipc/commands";

export const keys = { templates: ["list_templates"] as const };

export function useTemplates(enabled = true) {
  return useQuery({ queryKey: keys.templates, queryFn: listTemplates, enabled });
}

/** Every change re-reads the templates; a new campaign re-reads the campaigns too. */
function useTemplatesChange<A, R>(change: (args: A) => Promise<R>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => Promise.all([queries.invalidateQueries({ queryKey: keys.templates }), queries.invalidateQueries({ queryKey: ["list_campaigns"] })]),
  });
}

type Which = { kind: TemplateKind; id: number };

export const useCreateTemplate = () => useTemplatesChange(({ name, source }: { name: string; source: TemplateSource }) => createTemplate(name, source));
export const useRenameTemplate = () => useTemplatesChange(({ kind, id, name }: Which & { name: string }) => renameTemplate(kind, id, name));
export const useSaveTemplateLayout = () => useTemplatesChange(({ kind, id, html }: Which & { html: string }) => saveTemplateLayout(kind, id, html));
export const useDeleteTemplate = () => useTemplatesChange(({ kind, id }: Which) => deleteTemplate(kind, id));
export const useCampaignFromTemplate = () =>
  useTemplatesChange(({ kind, id, name, listId }: Which & { name: string; listId: number }) => campaignFromTemplate(kind, id, name, listId));
