import { useQuery } from "@tanstack/react-query";
import { listTemplatesQuery } from "../../ipc/commands";

export function useTemplates(enabled = true) {
  return useQuery({ ...listTemplatesQuery(), enabled });
}
