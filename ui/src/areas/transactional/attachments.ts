import type { AttachedFile } from "../../ipc/bindings/AttachedFile";

/** The most the files of one message may come to together, as the service takes them. */
export const MAX_ATTACHMENTS_MB = 10;
export const MAX_ATTACHMENTS_BYTES = MAX_ATTACHMENTS_MB * 1024 * 1024;

/** What the files picked for a message come to, in bytes. */
export const totalSize = (files: AttachedFile[]) => files.reduce((sum, file) => sum + file.size, 0);

/** Whether the files are more than the service takes with one message. */
export const tooLarge = (files: AttachedFile[]) => totalSize(files) > MAX_ATTACHMENTS_BYTES;

/** A file picked again (the same file id) is listed once, where it was first picked. */
export const withFile = (files: AttachedFile[], file: AttachedFile) => (files.some((f) => f.fileId === file.fileId) ? files : [...files, file]);
