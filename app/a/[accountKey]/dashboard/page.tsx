// Overview: a few figures, the live map of the fleet, and what to do next.
import type { Metadata } from "next";
import Link from "next/link";
import { env } from "@/server/env";
import { mapStyleFor } from "@/server/modules/maps/map-style";
import { listApiKeys } from "@/server/modules/api-keys/list-api-keys";
import { listAssetIds } from "@/server/modules/assets/list-asset-ids";
import { listOAuthClients } from "@/server/modules/oauth/list-oauth-clients";
import { listMembers } from "@/server/modules/users/list-members";
import { ROLE_LABELS } from "@/server/modules/users/roles";
import { LiveMap } from "../../../_components/map/live-map";
import { requireAccountPage } from "../../../_lib/account-page";

export const metadata: Metadata = { title: "Overview" };

type Params = { params: Promise<{ accountKey: string }> };

export default async function DashboardPage({ params }: Params) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "dashboard");
  const base = `/a/${page.account.key}`;
  const accountId = page.account.id;

  const [assetIds, members, clients, keys] = await Promise.all([
    page.can("assets.read") ? listAssetIds({ scope: page.scope }) : null,
    page.can("users.manage") ? listMembers({ accountId }) : null,
    page.can("api.manage") ? listOAuthClients({ accountId }) : null,
    page.can("api.manage") ? listApiKeys({ accountId }) : null,
  ]);

  const stats: Array<{ label: string; value: number; href: string }> = [];
  if (assetIds) stats.push({ label: "Assets", value: assetIds.length, href: `${base}/assets` });
  if (members) stats.push({ label: "Members", value: members.length, href: `${base}/users` });
  if (clients && keys) stats.push({ label: "API credentials", value: clients.length + keys.length, href: `${base}/api-access` });

  const noAssets = assetIds !== null && assetIds.length === 0;

  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight">{page.account.name}</h1>
        <p className="mt-1 text-sm text-slate-600">
          Signed in as {page.user.name || page.user.email} · {ROLE_LABELS[page.role]} · plan {page.account.plan}
        </p>
      </div>

      {stats.length > 0 ? (
        <dl className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {stats.map((stat) => (
            <Link key={stat.label} href={stat.href} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-blue-300">
              <dt className="text-sm text-slate-600">{stat.label}</dt>
              <dd className="mt-1 text-3xl font-semibold text-slate-900">{stat.value}</dd>
            </Link>
          ))}
        </dl>
      ) : null}

      {noAssets ? (
        <section className="mb-6 rounded-lg border-2 border-dashed border-slate-300 bg-white p-6">
          <h2 className="text-base font-semibold">No vehicles yet</h2>
          {page.can("assets.write") ? (
            <>
              <p className="mt-1 text-sm text-slate-600">
                Add your first asset with the IMEI of its tracker. Once the tracker reports to this server, the
                vehicle shows up on the live map.
              </p>
              <Link href={`${base}/assets`} className="mt-4 inline-block rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white hover:bg-blue-700">
                Add an asset
              </Link>
            </>
          ) : (
            <p className="mt-1 text-sm text-slate-600">
              Nobody has added vehicles to this account yet. An administrator or fleet manager can add them.
            </p>
          )}
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        {page.can("assets.read") ? (
          <section aria-labelledby="live-map-title" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:col-span-2">
            <div className="mb-3 flex items-center justify-between gap-2">
              <h2 id="live-map-title" className="text-base font-semibold text-slate-800">
                Live map
              </h2>
              <Link href={`${base}/map`} className="text-sm font-medium text-blue-700 hover:underline">
                Open the live map →
              </Link>
            </div>
            <LiveMap accountKey={page.account.key} mapStyle={mapStyleFor(env())} compact />
          </section>
        ) : null}

        <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-base font-semibold">Next steps</h2>
          <ul className="mt-3 space-y-3 text-sm">
            {page.can("assets.write") ? (
              <NextStep href={`${base}/assets`} title="Register vehicles" text="One asset per vehicle, with its tracker IMEI." />
            ) : null}
            {page.can("users.manage") ? (
              <NextStep href={`${base}/users`} title="Invite your team" text="Give each person the role they need." />
            ) : null}
            {page.can("api.manage") ? (
              <NextStep href={`${base}/api-access`} title="Connect your systems" text="Create an OAuth client for the REST API." />
            ) : null}
            {page.can("account.manage") ? (
              <NextStep href={`${base}/settings`} title="Brand your tracking pages" text="Logo, colour and contact details." />
            ) : null}
            {page.can("assets.read") && !page.can("assets.write") ? (
              <NextStep href={`${base}/assets`} title="See the fleet" text="Browse the account's vehicles and trackers." />
            ) : null}
          </ul>
        </section>
      </div>
    </>
  );
}

function NextStep({ href, title, text }: { href: string; title: string; text: string }) {
  return (
    <li>
      <Link href={href} className="font-medium text-blue-700 hover:underline">
        {title}
      </Link>
      <p className="text-slate-600">{text}</p>
    </li>
  );
}
