import { useState, type ReactNode } from "react";
import type { CampaignRow } from "../../ipc/bindings/CampaignRow";
import { campaignStillToReach, campaignUnopened } from "../../ipc/commands";
import { toDeskError } from "../../ipc/errors";
import { explain } from "../../i18n/explain";
import { useFormat, useT } from "../../i18n/I18n";
import { ConfirmDialog } from "../../kit/ActionDialog";
import type { MenuItem } from "../../kit/menuItem";
import { useToast } from "../../kit/Toast";
import { UNDO_SECONDS, pendingSends } from "../../kit/UndoWindow";
import { usePauseCampaign, useResendUnopened, useResumeCampaign, useUnscheduleCampaign } from "../../ipc/commands";
import { resumeSays } from "./countdowns";

/** Actions that send mail again: asked first with the count, then ten seconds to undo. */
type Sending = "resume" | "resend";
interface Question {
  what: Sending;
  campaign: CampaignRow;
  count: number;
  /** Counted here from the lists, because the service does not count. */
  approximate: boolean;
}

/**
 * What can be done with a campaign on its way or gone, by its state: pause
 * one that is sending, resume a paused one, take a scheduled one back to
 * the drafts, send a sent one again to those who did not open it.
 */
export function useCampaignActions(): { itemsFor: (campaign: CampaignRow) => MenuItem[]; shown: ReactNode } {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const pause = usePauseCampaign();
  const resume = useResumeCampaign();
  const unschedule = useUnscheduleCampaign();
  const resend = useResendUnopened();
  const [question, setQuestion] = useState<Question | null>(null);
  const failed = (e: unknown) => {
    const explained = explain(toDeskError(e), t);
    toast([explained.title, explained.reason].join(" "), "error");
  };
  // Held by the app for ten seconds, whichever page is shown; the shell shows the countdown.
  const go = ({ what, campaign, count, approximate }: Question) =>
    pendingSends.start({
      key: `${what}:${campaign.id}`,
      says:
        what === "resume"
          ? resumeSays(campaign.name, { count, approximate })
          : { key: "campaigns.resendingIn", values: { name: campaign.name, count } },
      testId: "send",
      run: async () => {
        if (what === "resume") {
          await resume.mutateAsync({ campaignId: campaign.id });
          toast(t("campaigns.resumed", { name: campaign.name }));
        } else {
          await resend.mutateAsync({ campaignId: campaign.id });
          toast(t("campaigns.resent", { name: campaign.name, count, countText: format.count(count) }));
        }
      },
    });
  const now = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast(done);
    } catch (e) {
      failed(e);
    }
  };
  const ask = async (what: Sending, campaign: CampaignRow) => {
    try {
      const reach =
        what === "resume"
          ? await campaignStillToReach(campaign.id)
          : { count: await campaignUnopened(campaign.id), approximate: false };
      setQuestion({ what, campaign, ...reach });
    } catch (e) {
      failed(e);
    }
  };

  const itemsFor = (campaign: CampaignRow): MenuItem[] => {
    switch (campaign.state) {
      case "sending":
        return [{ label: t("campaigns.pause"), onSelect: () => void now(() => pause.mutateAsync({ campaignId: campaign.id }), t("campaigns.paused", { name: campaign.name })), testId: "pause-campaign" }];
      case "paused":
        return [{ label: t("campaigns.resume"), onSelect: () => void ask("resume", campaign), testId: "resume-campaign" }];
      case "scheduled":
      case "moderating":
        return [
          {
            label: t("campaigns.unschedule"),
            onSelect: () => void now(() => unschedule.mutateAsync({ campaignId: campaign.id }), t("campaigns.unscheduled", { name: campaign.name })),
            testId: "unschedule-campaign",
          },
        ];
      case "sent":
        return [{ label: t("campaigns.resend"), onSelect: () => void ask("resend", campaign), testId: "resend-campaign" }];
      default:
        return [];
    }
  };

  const shown = (
    <>
      {question && (
        <ConfirmDialog
          title={t(question.what === "resume" ? "campaigns.resume.title" : "campaigns.resend.title", { name: question.campaign.name })}
          confirmLabel={t(question.what === "resume" ? "campaigns.resume.confirm" : "campaigns.resend.confirm")}
          onClose={() => setQuestion(null)}
          onConfirm={async () => void go(question)}
        >
          <p>
            {t(question.what === "resend" ? "campaigns.resend.body" : question.approximate ? "campaigns.resume.bodyApprox" : "campaigns.resume.body", {
              count: question.count,
              countText: format.count(question.count),
            })}
          </p>
          {question.approximate && <p>{t("campaigns.launch.approxHint")}</p>}
          <p>{t("campaigns.launch.undoHint", { seconds: UNDO_SECONDS })}</p>
        </ConfirmDialog>
      )}
    </>
  );
  return { itemsFor, shown };
}
