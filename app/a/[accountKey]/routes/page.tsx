// Routes: the account's school routes (numbered as the integrator numbers them), made by imports or by hand.
import type { Metadata } from "next";
import { requireAccountPage } from "../../../_lib/account-page";
import { RoutesClient } from "./routes-client";

export const metadata: Metadata = { title: "Routes" };

export default async function RoutesPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "routes");
  return (
    <RoutesClient
      accountKey={page.account.key}
      timeZone={page.account.timeZone}
      canWrite={page.can("imports.manage")}
    />
  );
}
