import { cleanup, render, screen } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import { FigureTable, figuresExport, type FigureColumn } from "./FigureTable";

afterEach(cleanup);

interface Domain {
  domain: string;
  sent: number;
  rate: string;
}

const COLUMNS: FigureColumn<Domain>[] = [
  { title: "Domain", text: (d) => d.domain },
  { title: "Sent", text: (d) => String(d.sent), cell: (d) => d.sent.toLocaleString("ru-RU"), figure: true, count: true },
  { title: "Opened", text: (d) => d.rate, figure: true },
];
const ROWS: Domain[] = [
  { domain: "mail.ru", sent: 12040, rate: "41,2 %" },
  { domain: "yandex.ru", sent: 980, rate: "38,0 %" },
];

describe("a table of figures", () => {
  it("shows and exports the same columns, counts exported as plain numbers", () => {
    render(<FigureTable columns={COLUMNS} rows={ROWS} rowKey={(d) => d.domain} testId="domains" />);
    const heads = [...screen.getByTestId("domains").querySelectorAll("th")].map((th) => th.textContent);
    const exported = figuresExport(COLUMNS, ROWS);
    expect(exported.header).toEqual(heads);
    expect(exported.rows).toEqual([
      ["mail.ru", "12040", "41,2 %"],
      ["yandex.ru", "980", "38,0 %"],
    ]);
    expect(exported.numericColumns).toEqual([1]);
    const first = [...screen.getByTestId("domains").querySelectorAll("tbody tr")[0].querySelectorAll("td")];
    expect(first.map((td) => td.textContent)).toEqual(["mail.ru", (12040).toLocaleString("ru-RU"), "41,2 %"]);
  });
});
