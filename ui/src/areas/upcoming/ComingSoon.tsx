import { useRouterState } from "@tanstack/react-router";
import { useT } from "../../i18n/I18n";
import styles from "./ComingSoon.module.css";
import type { Placeholder } from ".";

export function ComingSoon() {
  const t = useT();
  // The route of a placeholder is its id (see `upcoming`), so the path names it.
  const id = useRouterState({ select: (s) => s.location.pathname.split("/")[2] ?? "" }) as Placeholder;
  const label = t(`nav.${id}`);
  return (
    <section className={styles.area}>
      <h1>{label}</h1>
      <div className={styles.empty} data-testid="coming-soon">
        <p className={styles.title}>{t("upcoming.notYet", { area: label })}</p>
        <p>{t(`upcoming.${id}`)}</p>
        <p>{t("upcoming.meanwhile")}</p>
      </div>
    </section>
  );
}
