/** An attachment's mark, drawn (emoji fonts are not on every desktop). */
export function PaperClip({ label }: { label: string }) {
  return (
    <svg width="13" height="13" viewBox="0 0 16 16" role={label ? "img" : undefined} aria-label={label || undefined} aria-hidden={!label}>
      <path
        d="M11 4.5v6.5a3 3 0 0 1-6 0V4a2 2 0 0 1 4 0v6.5a1 1 0 0 1-2 0V5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}
