const number = new Intl.NumberFormat("en-US");

export function formatCount(n: number): string {
  return number.format(n);
}

/** `YYYY-MM-DD HH:MM:SS` from the service, as "12 Mar 2026". */
export function formatDate(stamp: string | null | undefined): string {
  if (!stamp) return "—";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(stamp);
  if (!match) return stamp;
  const [, y, m, d] = match;
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const month = months[Number(m) - 1];
  return month ? `${Number(d)} ${month} ${y}` : stamp;
}

/** "101–200 of 50,000" for a page; the total may be unknown. */
export function pageRange(start: number, shown: number, total: number | null): string {
  if (shown === 0) return total ? `0 of ${formatCount(total)}` : "Nothing here";
  const range = `${formatCount(start + 1)}–${formatCount(start + shown)}`;
  return total === null ? range : `${range} of ${formatCount(total)}`;
}

export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
