// @vitest-environment node
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The linter's own configuration (eslint.config.js), as `npm run lint` runs it; Vitest runs in ui/.
const eslint = new ESLint({ cwd: process.cwd() });

/** The import rules' complaints about `code` as if it were the file at `filePath`. */
async function refusals(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("areas stand on the shared floor", () => {
  it("an area importing another area fails the lint, naming the area", async () => {
    for (const code of [
      'import { LetterFields } from "../campaigns/LetterFields";',
      'import styles from "../campaigns/Campaigns.module.css";',
      'export { StateBadge } from "../../areas/lists/StateBadge";',
      'import type { X } from "../campaigns";',
    ]) {
      const found = await refusals(`${code}\nexport const probe = 1;\n`, "src/areas/automations/Probe.tsx");
      expect(found, code).toHaveLength(1);
      expect(found[0]).toContain("The automations area may not import another area");
    }
  });

  it("an area may import its own files and every floor below it", async () => {
    const code = [
      'import { TriggerFields } from "./TriggerFields";',
      'import { LetterFields } from "../../letter/LetterFields";',
      'import { StateBadge } from "../../kit/StateBadge";',
      'import { listListsQuery } from "../../ipc/commands";',
      'import { useT } from "../../i18n/I18n";',
      "export const probe = [TriggerFields, LetterFields, StateBadge, listListsQuery, useT];",
    ].join("\n");
    expect(await refusals(code, "src/areas/automations/Probe.tsx")).toEqual([]);
  });

  it("the kit and the letter import no area", async () => {
    const code = 'import { useCampaigns } from "../areas/campaigns/queries";\nexport const probe = useCampaigns;\n';
    for (const file of ["src/kit/Probe.tsx", "src/letter/Probe.tsx"]) {
      const found = await refusals(code, file);
      expect(found, file).toHaveLength(1);
      expect(found[0]).toContain("A floor below the areas may not import an area");
    }
  });
});
