import { Link, useRouterState } from "@tanstack/react-router";
import type { CheckItem } from "../ipc/bindings/CheckItem";
import type { LaunchCheck } from "../ipc/bindings/LaunchCheck";
import { useFormat, useT, type MessageKey } from "../i18n/I18n";
import own from "./Letter.module.css";

const VERSIONS: Record<NonNullable<CheckItem["version"]>, MessageKey> = {
  html: "check.version.html",
  text: "check.version.text",
  amp: "check.version.amp",
};

/** A rule in the reader's words: the same catalogue the command line reads. */
export function useRuleText() {
  const t = useT();
  return (item: CheckItem): string => {
    const version = item.version ? t(VERSIONS[item.version]) : "";
    switch (item.rule) {
      case "lists":
        return t("campaigns.rule.lists");
      case "subject":
        return t("campaigns.rule.subject");
      case "senderName":
        return t("campaigns.rule.senderName");
      case "senderAddress":
        return t("campaigns.rule.senderAddress");
      case "senderConfirmed":
        return t(item.outcome === "pass" ? "campaigns.rule.senderConfirmed" : "campaigns.rule.senderNotConfirmed", { address: item.found[0] ?? "" });
      case "domainVerified":
        return t(item.outcome === "pass" ? "campaigns.rule.domainVerified" : "campaigns.rule.domainNotVerified", { domain: item.found[0] ?? "" });
      case "version":
        return t("check.rule.version");
      case "unsubscribeLink":
        return item.version === "text" ? t("check.rule.unsubscribeText", { version }) : t("check.rule.unsubscribeMarkup", { version });
      case "links":
        return t("check.rule.links", { version });
      case "imageAlt":
        return t("check.rule.imageAlt", { version });
      case "size":
        return t("check.rule.size", { version, size: item.found[0] ?? "" });
      case "tags":
        return t(item.outcome === "pass" ? "campaigns.rule.tags" : "campaigns.rule.unknownTags");
    }
  };
}

/**
 * Where the account fixes what a rule warns of (an unconfirmed sender, an
 * unverified domain), coming back to this place afterwards; `null` for a
 * rule the letter itself fixes.
 */
function fixOf(item: CheckItem, back: string): { search: Record<string, string>; label: MessageKey } | null {
  if (item.outcome === "pass" || !item.found[0]) return null;
  if (item.rule === "senderConfirmed") return { search: { sender: item.found[0], back }, label: "check.fix.sender" };
  if (item.rule === "domainVerified") return { search: { domain: item.found[0], back }, label: "check.fix.domain" };
  return null;
}

const MARKS = { pass: "✓", fail: "✕", warn: "!" } as const;
const OUTCOMES: Record<CheckItem["outcome"], MessageKey> = { pass: "campaigns.check.pass", fail: "campaigns.check.fail", warn: "campaigns.check.warn" };

/** The live pre-launch check: every rule, what failed first; and whom a launch reaches, where a launch reaches the lists. */
export function CheckPanel({ check, showReach = true }: { check: LaunchCheck; showReach?: boolean }) {
  const t = useT();
  const format = useFormat();
  const text = useRuleText();
  const here = useRouterState({ select: (s) => s.location.href });
  const shown = [...check.items].sort((a, b) => order(a) - order(b));
  return (
    <section className={own.check} aria-label={t("campaigns.check.title")} data-testid="launch-check" data-blocked={check.blocked}>
      <h2>{t("campaigns.check.title")}</h2>
      {showReach && (
        <p className={own.reach}>
          {t(check.segmented ? "campaigns.check.reachAtMost" : "campaigns.check.reach", { count: check.reach, countText: format.count(check.reach) })}
        </p>
      )}
      <ul>
        {shown.map((item) => (
          <li key={`${item.rule}-${item.version ?? ""}`} className={own[item.outcome]} data-testid="check-item" data-rule={item.rule} data-state={item.outcome}>
            <span className={own.mark} aria-label={t(OUTCOMES[item.outcome])}>
              {MARKS[item.outcome]}
            </span>
            <span>
              {text(item)}
              {item.outcome !== "pass" && item.rule !== "size" && item.rule !== "senderConfirmed" && item.rule !== "domainVerified" && item.found.length > 0 && (
                <span className={own.found}>{item.found.map((f) => f || '""').join(", ")}</span>
              )}
              <FixLink fix={fixOf(item, here)} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FixLink({ fix }: { fix: ReturnType<typeof fixOf> }) {
  const t = useT();
  if (!fix) return null;
  return (
    <Link to="/w/account" search={fix.search} className={own.fix} data-testid="check-fix">
      {t(fix.label)}
    </Link>
  );
}

function order(item: CheckItem) {
  return item.outcome === "fail" ? 0 : item.outcome === "warn" ? 1 : 2;
}
