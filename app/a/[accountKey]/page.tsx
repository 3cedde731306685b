import { redirect } from "next/navigation";

/** /a/{key} is the account's overview. */
export default async function AccountIndex({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  redirect(`/a/${accountKey}/dashboard`);
}
