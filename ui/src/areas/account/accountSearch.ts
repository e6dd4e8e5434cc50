/** The account page, as its URL keeps it: what it was opened to fix, and where to go back. */
export interface AccountSearch {
  /** A sender address to confirm. */
  sender?: string;
  /** A sending domain to verify. */
  domain?: string;
  /** The app's place that sent the user here (the letter's editor): a path under `/w/`. */
  back?: string;
}

/** Reads the search of the account's URL, dropping anything it does not know or trust. */
export function accountSearch(search: Record<string, unknown>): AccountSearch {
  const out: AccountSearch = {};
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
  const sender = text(search.sender);
  if (sender) out.sender = sender;
  const domain = text(search.domain);
  if (domain) out.domain = domain.toLowerCase();
  // Only a place of the app's own: never a link out, nor a scheme.
  const back = text(search.back);
  if (back && /^\/w\/[^/]/.test(back) && !back.includes("//") && !back.includes("\\")) out.back = back;
  return out;
}
