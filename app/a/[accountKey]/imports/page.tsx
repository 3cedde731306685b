// Imports: routes, runs and passengers from a .csv or .xlsx file or pasted rows (mapped, previewed, imported), the
// job history, and connected spreadsheets. For the roles holding imports.manage.
import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { ImportsClient } from "./imports-client";

export const metadata: Metadata = { title: "Imports" };

export default async function ImportsPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "imports");
  if (!page.can("imports.manage")) return <NoAccess title="Imports" />;
  return <ImportsClient accountKey={page.account.key} />;
}
