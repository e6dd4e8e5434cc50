import { useQueries, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { createIntl, createIntlCache } from "react-intl";
import { AREAS } from "../../areas";
import { listAccountsQuery } from "../../ipc/commands";
import { loadCatalogue } from "../../i18n/catalogues";
import { useLocale, useT, type MessageKey, type MessageValues } from "../../i18n/I18n";
import { LOCALES } from "../../i18n/locale";
import { paletteActions } from "../../kit/palette";
import { placeOf } from "../places";
import { useSwitchAccount } from "../switchAccount";
import { useWorkspace } from "../workspace";
import type { PaletteEntry, PaletteGroup } from "./arrange";

type Say = (key: MessageKey, values?: MessageValues) => string;

const cache = createIntlCache();

/**
 * The app's words in the language not shown, so that a Russian reader
 * typing "new campaign" (or an English one typing «рассылка») still finds
 * it. Loaded when the palette first opens; until then, and should it not
 * load, entries are found by the shown language's words alone.
 */
function useOtherLanguage(): Say | null {
  const { locale } = useLocale();
  const other = LOCALES.find((l) => l !== locale) ?? locale;
  const [say, setSay] = useState<{ locale: string; say: Say } | null>(null);
  useEffect(() => {
    let current = true;
    loadCatalogue(other).then(
      (messages) => {
        if (!current) return;
        const intl = createIntl({ locale: other, messages, defaultLocale: "en", onError: () => {} }, cache);
        setSay({ locale: other, say: (key, values) => intl.formatMessage({ id: key }, values) as string });
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [other]);
  return say?.locale === other ? say.say : null;
}

/** The areas that let the palette find their things by name, in sidebar order. */
const FINDING = AREAS.filter((area) => area.find);

/**
 * Everything the palette offers while it is open, and its groups in
 * order: the sidebar's screens, the actions of the screen in view, each
 * area's things by name (read only now, from the cache when the area
 * read them already), and the accounts. Without an open account (the
 * accounts screen), only the accounts.
 */
export function usePaletteEntries() {
  const t = useT();
  const other = useOtherLanguage();
  const navigate = useNavigate();
  const { workspace } = useWorkspace();
  const { leave, open } = useSwitchAccount();
  const inWorkspace = workspace !== null;
  // Read once, when the palette opens: what the screen in view offers at that moment.
  const [actions] = useState(paletteActions);
  const accounts = useQuery(listAccountsQuery());
  const found = useQueries({
    queries: FINDING.map((area) => ({
      queryKey: area.find!.key(),
      queryFn: area.find!.read,
      enabled: inWorkspace,
      // An answer already cached serves, however old: the palette reads nothing the areas have
      // read, and what the app itself changes drops those answers anyway.
      staleTime: Infinity,
    })),
  });

  const groups: PaletteGroup[] = useMemo(
    () => [
      // What the screen in view can do first: before anything is typed, it is what the palette is opened for.
      { id: "actions", heading: t("palette.group.actions"), browsed: true },
      { id: "screens", heading: t("palette.group.screens"), browsed: true },
      ...FINDING.map((area) => ({ id: area.id, heading: t(area.label), browsed: false })),
      { id: "accounts", heading: t("palette.group.accounts"), browsed: true },
    ],
    [t],
  );

  // Cheap enough to make afresh on every key press: a few hundred entries at most.
  const both = (key: MessageKey, values?: MessageValues): string[] => {
    const shown = t(key, values);
    const elsewhere = other?.(key, values);
    return elsewhere && elsewhere !== shown ? [shown, elsewhere] : [shown];
  };
  const go = (href: string) => () => void navigate({ href });
  const screens: PaletteEntry[] = inWorkspace
    ? AREAS.map((area) => ({
        key: `screen:${area.id}`,
        group: "screens",
        label: t(area.label),
        texts: both(area.label),
        testId: `palette-screen-${area.id}`,
        run: go(placeOf(area.id)),
      }))
    : [];
  const offered: PaletteEntry[] = actions.map((action) => ({
    key: `action:${action.id}`,
    group: "actions",
    label: t(action.label, action.values),
    texts: both(action.label, action.values).map((text) => (action.detail ? `${text} ${action.detail}` : text)),
    detail: action.detail,
    testId: `palette-action-${action.id}`,
    run: action.run,
  }));
  const named: PaletteEntry[] = FINDING.flatMap((area, i) => {
    const data = found[i].data;
    if (!inWorkspace || data === undefined) return [];
    return area.find!.found(data).map((thing) => ({
      key: `${area.id}:${thing.id}`,
      group: area.id,
      label: thing.name,
      texts: [thing.name],
      detail: thing.detail && t(thing.detail),
      testId: `palette-${area.id}-item`,
      run: go(thing.href),
    }));
  });
  const people: PaletteEntry[] = (accounts.data?.accounts ?? []).map((account) => ({
    key: `account:${account.id}`,
    group: "accounts",
    label: account.demo ? t("accounts.demo.name") : account.name,
    texts: account.demo ? both("accounts.demo.name") : [account.name],
    detail:
      workspace?.account.id === account.id ? t("palette.account.current") : (account.baseUrl ?? t("accounts.demo.where")),
    testId: "palette-account",
    run: () => void open(account),
  }));
  const chooser: PaletteEntry[] = inWorkspace
    ? [{ key: "accounts", group: "accounts", label: t("accounts.switch"), texts: both("accounts.switch"), testId: "palette-switch-account", run: () => void leave() }]
    : [];
  const entries = [...offered, ...screens, ...named, ...people, ...chooser];

  const reading = inWorkspace && found.some((query) => query.isPending);
  return { groups, entries, reading };
}
