import type { Encoding } from "../../ipc/bindings/Encoding";
import type { ImportPreview } from "../../ipc/bindings/ImportPreview";
import type { Reading } from "../../ipc/bindings/Reading";
import { useT } from "../../i18n/I18n";
import own from "./ImportDialog.module.css";

/** The encodings a text file comes in, by the names the app gives them. */
const ENCODINGS: { encoding: Encoding; name: string }[] = [
  { encoding: "utf-8", name: "UTF-8" },
  { encoding: "utf-8-sig", name: "UTF-8 (BOM)" },
  { encoding: "utf-16le", name: "UTF-16 LE" },
  { encoding: "utf-16be", name: "UTF-16 BE" },
  { encoding: "windows-1251", name: "Windows-1251" },
  { encoding: "koi8-r", name: "KOI8-R" },
];

const DELIMITERS = [",", ";", "\t", "|"] as const;
const delimiterKey = { ",": "import.reading.comma", ";": "import.reading.semicolon", "\t": "import.reading.tab", "|": "import.reading.pipe" } as const;

/**
 * How the file is read, where the app's guess can be wrong: a text's
 * encoding and delimiter, a workbook's sheet, and whether the first row
 * names the columns. A change reads the file again and the preview follows.
 */
export function ImportReading({ preview, reading, onChange }: { preview: ImportPreview; reading: Reading; onChange: (reading: Reading) => void }) {
  const t = useT();
  const workbook = preview.sheets.length > 0;
  const set = (change: Partial<Reading>) => onChange({ ...reading, ...change });
  return (
    <div className={own.reading} data-testid="import-reading">
      {workbook ? (
        <label>
          {t("import.reading.sheet")}
          <select value={preview.sheet ?? ""} onChange={(e) => set({ sheet: e.target.value })} data-testid="import-sheet">
            {preview.sheets.map((sheet) => (
              <option key={sheet} value={sheet}>
                {sheet}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <>
          <label>
            {t("import.reading.encoding")}
            <select value={preview.encoding} onChange={(e) => set({ encoding: e.target.value as Encoding })} data-testid="import-encoding">
              {ENCODINGS.map(({ encoding, name }) => (
                <option key={encoding} value={encoding}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("import.reading.delimiter")}
            <select value={preview.delimiter === "tab" ? "\t" : (preview.delimiter ?? ",")} onChange={(e) => set({ delimiter: e.target.value })} data-testid="import-delimiter">
              {DELIMITERS.map((d) => (
                <option key={d} value={d}>
                  {t(delimiterKey[d])}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      <label className={own.check}>
        <input type="checkbox" checked={preview.header} onChange={(e) => set({ header: e.target.checked })} data-testid="import-header" />
        {t("import.file.header")}
      </label>
    </div>
  );
}
