import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { AssetsClient } from "./assets-client";

export const metadata: Metadata = { title: "Assets" };

export default async function AssetsPage({
  params,
  searchParams,
}: {
  params: Promise<{ accountKey: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "assets");
  if (!page.can("assets.read")) return <NoAccess title="Assets" />;
  // the list's filters (?group=, ?tag=, ...) are read by the client; only single values count
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) if (typeof value === "string") search.set(name, value);
  return <AssetsClient accountKey={page.account.key} canWrite={page.can("assets.write")} initialSearch={search.toString()} />;
}
