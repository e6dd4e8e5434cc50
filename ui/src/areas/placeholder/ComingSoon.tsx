import type { Area } from "..";

export function ComingSoon({ area }: { area: Area }) {
  return (
    <section className="area">
      <header className="area-header">
        <h1>{area.label}</h1>
      </header>
      <div className="empty" data-testid="coming-soon">
        <p className="empty-title">{area.label} is not built yet.</p>
        <p>{area.summary} This area arrives in a coming version of Campaign Desk; everything in Lists works today.</p>
      </div>
    </section>
  );
}
