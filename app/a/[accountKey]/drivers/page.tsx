// Drivers: the people routes and runs name as their driver (imports find them by name, e-mail or phone).
import type { Metadata } from "next";
import { requireAccountPage } from "../../../_lib/account-page";
import { DriversClient } from "./drivers-client";

export const metadata: Metadata = { title: "Drivers" };

export default async function DriversPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "drivers");
  return <DriversClient accountKey={page.account.key} canWrite={page.can("imports.manage")} />;
}
