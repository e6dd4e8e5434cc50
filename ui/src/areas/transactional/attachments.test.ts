import { describe, expect, it } from "vitest";
import type { AttachedFile } from "../../ipc/bindings/AttachedFile";
import { MAX_ATTACHMENTS_BYTES, tooLarge, totalSize, withFile } from "./attachments";

const file = (fileId: string, size: number): AttachedFile => ({ fileId, name: `${fileId}.pdf`, size });

describe("a message's files", () => {
  it("come to the sum of their sizes, and are too large only past 10 MB", () => {
    expect(totalSize([])).toBe(0);
    expect(totalSize([file("a", 1000), file("b", 24)])).toBe(1024);
    expect(MAX_ATTACHMENTS_BYTES).toBe(10 * 1024 * 1024);
    expect(tooLarge([file("a", 6 * 1024 * 1024), file("b", 4 * 1024 * 1024)]), "exactly 10 MB goes").toBe(false);
    expect(tooLarge([file("a", 6 * 1024 * 1024), file("b", 4 * 1024 * 1024 + 1)])).toBe(true);
  });

  it("list a file picked twice once, in the order they were picked", () => {
    const two = withFile(withFile([], file("a", 1)), file("b", 2));
    expect(withFile(two, file("a", 1)).map((f) => f.fileId)).toEqual(["a", "b"]);
  });
});
