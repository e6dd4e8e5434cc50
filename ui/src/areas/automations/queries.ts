import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AutomationForm } from "../../ipc/bindings/AutomationForm";
import type { CheckContext } from "../../ipc/bindings/CheckContext";
import {
  checkAutomation,
  copyAutomation,
  createAutomation,
  deleteAutomation,
  listAutomations,
  openAutomation,
  saveAutomation,
  triggerAutomation,
} from "../../ipc/commands";

export const keys = {
  automations: ["list_automations"] as const,
  automation: (id: number | null) => ["open_automation", id] as const,
  check: (form: AutomationForm, context: CheckContext) => ["check_automation", form, context] as const,
};

export function useAutomations() {
  return useQuery({ queryKey: keys.automations, queryFn: listAutomations });
}

/** An automation as its form opens it (`null`: a new one), read once, not again behind the user's back. */
export function useAutomation(id: number | null) {
  return useQuery({ queryKey: keys.automation(id), queryFn: () => openAutomation(id), staleTime: Infinity, refetchOnWindowFocus: false });
}

export function useAutomationCheck(form: AutomationForm | undefined, context: CheckContext | undefined) {
  return useQuery({
    queryKey: keys.check(form!, context!),
    queryFn: () => checkAutomation(form!, context!),
    enabled: Boolean(form && context),
    placeholderData: (previous) => previous,
  });
}

/** Every change re-reads the automations (moderation included) and the forms. */
function useAutomationsChange<A, R>(change: (args: A) => Promise<R>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([queries.invalidateQueries({ queryKey: keys.automations }), queries.invalidateQueries({ queryKey: ["open_automation"] })]),
  });
}

export const useCreateAutomation = () =>
  useAutomationsChange(({ revision, form }: { revision: number; form: AutomationForm }) => createAutomation(revision, form));
export const useSaveAutomation = () =>
  useAutomationsChange(({ id, revision, form }: { id: number; revision: number; form: AutomationForm }) => saveAutomation(id, revision, form));
export const useCopyAutomation = () => useAutomationsChange((id: number) => copyAutomation(id));
export const useDeleteAutomation = () => useAutomationsChange((id: number) => deleteAutomation(id));
export const useTriggerAutomation = () => useAutomationsChange(({ id, email }: { id: number; email: string }) => triggerAutomation(id, email));
