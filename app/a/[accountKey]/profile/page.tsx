import type { Metadata } from "next";
import { requireAccountPage } from "../../../_lib/account-page";
import { ProfileClient } from "./profile-client";

export const metadata: Metadata = { title: "Your profile" };

/** Every member reaches their own profile, whatever their role. */
export default async function ProfilePage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const { user } = await requireAccountPage(accountKey, "profile");
  return <ProfileClient name={user.name} email={user.email} />;
}
