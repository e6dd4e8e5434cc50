import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import type { ListSummary } from "../../ipc/bindings/ListSummary";
import { findAddressQuery } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { useT } from "../../i18n/I18n";
import { Button } from "../../kit/Button";
import { ErrorNotice } from "../../kit/ErrorNotice";
import { SearchInput } from "../../kit/Field";
import { StateBadge } from "../../kit/StateBadge";
import styles from "../../kit/Page.module.css";
import own from "./ListPage.module.css";

/** An address found in every list of the account at once, each record with its state, opening its list at it. */
export function AddressFinder({ lists }: { lists: ListSummary[] }) {
  const t = useT();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [asked, setAsked] = useState("");
  const found = useQuery({ ...findAddressQuery(asked), enabled: asked !== "" });
  const name = (listId: number) => lists.find((list) => list.id === listId)?.name ?? `#${listId}`;
  const find = (event: FormEvent) => {
    event.preventDefault();
    setAsked(typed.trim());
  };
  return (
    <div className={own.finder}>
      <form className={styles.search} onSubmit={find} role="search">
        <SearchInput label={t("lists.find.label")} value={typed} onChange={setTyped} data-testid="find-address" />
        <Button type="submit" data-testid="find-address-submit">
          {t("subscribers.find")}
        </Button>
      </form>
      {found.error && <ErrorNotice error={toDeskError(found.error)} />}
      {asked && found.data && (
        <div className={own.found} role="status" data-testid="address-found">
          {found.data.length === 0 ? (
            t("lists.find.none", { email: asked })
          ) : (
            <>
              <span>{t("lists.find.in", { email: asked, count: found.data.length })}</span>
              <ul>
                {found.data.map((record) => (
                  <li key={record.memberId} data-testid="address-record">
                    <Button
                      variant="link"
                      onClick={() => void navigate({ to: "/w/lists/$listId", params: { listId: String(record.listId) }, search: { email: record.email } })}
                    >
                      {name(record.listId)}
                    </Button>
                    <StateBadge state={record.state} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
