import { useQuery } from "@tanstack/react-query";
import type { AutomationForm } from "../../ipc/bindings/AutomationForm";
import type { CheckContext } from "../../ipc/bindings/CheckContext";
import { checkAutomationQuery, listAutomationsQuery, openAutomationQuery } from "../../ipc/commands";

export function useAutomations() {
  return useQuery(listAutomationsQuery());
}

/** An automation as its form opens it (`null`: a new one), read once, not again behind the user's back. */
export function useAutomation(id: number | null) {
  return useQuery({ ...openAutomationQuery(id), staleTime: Infinity, refetchOnWindowFocus: false });
}

export function useAutomationCheck(form: AutomationForm | undefined, context: CheckContext | undefined) {
  return useQuery({
    ...checkAutomationQuery(form!, context!),
    enabled: Boolean(form && context),
    placeholderData: (previous) => previous,
  });
}
