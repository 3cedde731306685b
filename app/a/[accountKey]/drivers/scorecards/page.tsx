// Driver scorecards: the account's drivers ranked by their trips' scores for a week or a month of the account's time
// zone (docs/dashboard.md "Driver scorecards"). Every role that reads the fleet sees them, for the assets it sees.
import type { Metadata } from "next";
import { requireAccountPage } from "../../../../_lib/account-page";
import { NoAccess } from "../../../../_components/no-access";
import { ScorecardsClient } from "./scorecards-client";

export const metadata: Metadata = { title: "Driver scorecards" };

export default async function DriverScorecardsPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "drivers/scorecards");
  if (!page.can("assets.read")) return <NoAccess title="Driver scorecards" />;
  return <ScorecardsClient accountKey={page.account.key} timeZone={page.account.timeZone} />;
}
