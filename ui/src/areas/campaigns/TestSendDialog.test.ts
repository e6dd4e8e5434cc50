import { describe, expect, it } from "vitest";
import { addressesIn } from "./TestSendDialog";

describe("a test's addresses", () => {
  it("are read one per line or between commas, spaces and semicolons, each once", () => {
    expect(addressesIn(" anna@shop.example,\nboris@shop.example; anna@shop.example  oleg@shop.example\n")).toEqual([
      "anna@shop.example",
      "boris@shop.example",
      "oleg@shop.example",
    ]);
    expect(addressesIn(" \n , ")).toEqual([]);
  });
});
