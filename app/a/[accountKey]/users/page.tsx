import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { UsersClient } from "./users-client";

export const metadata: Metadata = { title: "Users and roles" };

export default async function UsersPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "users");
  if (!page.can("users.manage")) return <NoAccess title="Users and roles" />;
  return <UsersClient accountKey={page.account.key} currentUserId={page.user.id} />;
}
