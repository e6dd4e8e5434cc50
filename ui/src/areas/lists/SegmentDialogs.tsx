import type { SavedSegmentView } from "../../ipc/bindings/SavedSegmentView";
import type { Segment } from "../../ipc/bindings/Segment";
import { useDeleteSegment, useEditSegment, useSaveSegment } from "../../ipc/commands";
import { useT } from "../../i18n/I18n";
import { ConfirmDialog } from "../../kit/ActionDialog";
import { NameDialog } from "../../kit/NameDialog";
import { useToast } from "../../kit/Toast";

/** What the segment panel asks about: a name for new conditions, a new name, or whether to delete. */
export type SegmentAsk =
  | { kind: "save"; conditions: Segment }
  | { kind: "rename"; segment: SavedSegmentView }
  | { kind: "delete"; segment: SavedSegmentView };

interface Props {
  ask: SegmentAsk;
  listId: number;
  /** The saved segment to show once done: the one made or renamed; none once deleted. */
  onDone: (segmentId: number | undefined) => void;
  onClose: () => void;
}

/** Saving conditions under a name, renaming a saved segment, or deleting one after asking. */
export function SegmentDialogs({ ask, listId, onDone, onClose }: Props) {
  const t = useT();
  const toast = useToast();
  const save = useSaveSegment();
  const edit = useEditSegment();
  const remove = useDeleteSegment();
  if (ask.kind === "save")
    return (
      <NameDialog
        title={t("segments.saveTitle")}
        label={t("segments.name")}
        placeholder={t("segments.namePlaceholder")}
        submitLabel={t("segments.saveSubmit")}
        testId="segment-name"
        onSubmit={async (name) => {
          const made = await save.mutateAsync({ listId, name, segment: ask.conditions });
          toast(t("segments.savedDone", { name: made.name }));
          onDone(made.id);
        }}
        onClose={onClose}
      />
    );
  const segment = ask.segment;
  if (ask.kind === "rename")
    return (
      <NameDialog
        title={t("segments.renameTitle", { name: segment.name })}
        label={t("segments.name")}
        initialName={segment.name}
        submitLabel={t("segments.renameSubmit")}
        testId="segment-name"
        onSubmit={async (name) => {
          const renamed = await edit.mutateAsync({ segmentId: segment.id, name, segment: null });
          toast(t("segments.renamed", { name: renamed.name }));
          onDone(renamed.id);
        }}
        onClose={onClose}
      />
    );
  return (
    <ConfirmDialog
      title={t("segments.deleteTitle", { name: segment.name })}
      confirmLabel={t("segments.deleteConfirm")}
      onConfirm={async () => {
        await remove.mutateAsync({ segmentId: segment.id });
        toast(t("segments.deleted", { name: segment.name }));
        onDone(undefined);
      }}
      onClose={onClose}
    >
      <p>{t("segments.deleteWhat", { name: segment.name })}</p>
    </ConfirmDialog>
  );
}
