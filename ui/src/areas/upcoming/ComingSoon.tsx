import { useRouterState } from "@tanstack/react-router";
import { useT, type MessageKey } from "../../i18n/I18n";
import styles from "./ComingSoon.module.css";

/**
 * An area not built yet, by its id: its words (words.en.json, words.ru.json)
 * are `nav.<id>`, its name in the sidebar, and `upcoming.<id>`, what it will
 * hold; an id without both is not one.
 */
export type Placeholder = {
  [Key in MessageKey]: Key extends `upcoming.${infer Id}` ? (`nav.${Id}` extends MessageKey ? Id : never) : never;
}[MessageKey];

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
