// One route: its details, stops in order, runs by date and passengers.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isAppError } from "@/server/errors";
import { getRoute } from "@/server/modules/routes/get-route";
import { requireAccountPage } from "../../../../_lib/account-page";
import { RouteClient } from "./route-client";

export const metadata: Metadata = { title: "Route" };

type Params = { params: Promise<{ accountKey: string; routeId: string }> };

export default async function RoutePage({ params }: Params) {
  const { accountKey, routeId } = await params;
  const page = await requireAccountPage(accountKey, `routes/${encodeURIComponent(routeId)}`);
  const id = Number(routeId);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  // another account's route is "not found", exactly like one that does not exist
  const route = await getRoute({ accountId: page.account.id, routeId: id }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "ROUTE_NOT_FOUND") return null;
    throw error;
  });
  if (!route) notFound();
  return (
    <RouteClient
      accountKey={page.account.key}
      timeZone={page.account.timeZone}
      initialRoute={route}
      canWrite={page.can("imports.manage")}
      canManagePassengers={page.can("passengers.manage")}
    />
  );
}
