import { Link } from "@tanstack/react-router";
import { useFormat, useT } from "../i18n/I18n";
import { planRoom } from "./balance";
import styles from "./PlanRoom.module.css";
import { useWorkspace } from "./workspace";

/**
 * What the plan still allows, said where a marketer decides: before a send
 * (messages left against the letters it makes), before an import (room for
 * subscribers against the rows it adds). Short of it, a warning that opens
 * the account. From the balance read as the account opened, or last shown
 * in the account's page.
 */
export function PlanRoom({ kind, needed }: { kind: "messages" | "subscribers"; needed: number }) {
  const t = useT();
  const format = useFormat();
  const balance = useWorkspace().workspace?.balance;
  const plan = balance ? planRoom(balance, kind, needed) : null;
  if (!plan) return null;
  const { room, short } = plan;
  const values = { room: format.count(room), needed: format.count(needed) };
  return (
    <p className={short ? styles.short : styles.room} data-testid="plan-room" data-short={short}>
      {t(kind === "messages" ? (short ? "plan.messagesShort" : "plan.messages") : short ? "plan.subscribersShort" : "plan.subscribers", values)}
      {short && (
        <>
          {" "}
          <Link to="/w/account" data-testid="plan-room-account">
            {t("plan.openAccount")}
          </Link>
        </>
      )}
    </p>
  );
}
