import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import type { WorkspaceView } from "../ipc/bindings/WorkspaceView";

interface WorkspaceState {
  workspace: WorkspaceView | null;
  setWorkspace: (workspace: WorkspaceView | null) => void;
}

const WorkspaceContext = createContext<WorkspaceState>({ workspace: null, setWorkspace: () => {} });

/** The open account, set when one is opened; every area works on it. */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const [workspace, setWorkspace] = useState<WorkspaceView | null>(null);
  const value = useMemo(() => ({ workspace, setWorkspace }), [workspace]);
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace() {
  return useContext(WorkspaceContext);
}
