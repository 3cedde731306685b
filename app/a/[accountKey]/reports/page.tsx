// Reports: run a report (type, assets, range in the account's zone), see its table and charts, download it as PDF,
// XLSX or HTML, follow background jobs and manage scheduled reports (docs/dashboard.md "Reports").
import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { ReportsClient } from "./reports-client";

export const metadata: Metadata = { title: "Reports" };

type Params = { params: Promise<{ accountKey: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ReportsPage({ params, searchParams }: Params) {
  const { accountKey } = await params;
  const query = await searchParams;
  const page = await requireAccountPage(accountKey, "reports");
  // every role that sees the assets runs and downloads reports; schedules are managed with reports.manage
  if (!page.can("assets.read")) return <NoAccess title="Reports" />;
  const asset = Number(typeof query.asset === "string" ? query.asset : NaN);
  return (
    <ReportsClient
      accountKey={page.account.key}
      timeZone={page.account.timeZone}
      canManageSchedules={page.can("reports.manage")}
      initialAssetId={Number.isSafeInteger(asset) && asset > 0 ? asset : null}
    />
  );
}
