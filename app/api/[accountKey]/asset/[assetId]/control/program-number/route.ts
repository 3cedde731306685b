// GET /api/{account}/asset/{asset}/control/program-number: the adapter's program number and provisioning state.
// POST {program_number, scheme_date}: writes the number to the adapter and reads it back (docs/vehicle-control.md
// "Provisioning"); 422 when the adapter's software is not newer than the scheme. Writing it needs an admin (the
// dashboard's vehicles.provision): control:write alone is also held by fleet managers' clients.
import { AppError } from "@/server/errors";
import { idParam, readJsonBody } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { getProvisioning, provisionProgramNumber } from "@/server/modules/vehicle-control/provision-program-number";
import { apiClientSender } from "@/server/modules/vehicle-control/vehicle-control.schema";
import { can, ROLE_LABELS } from "@/server/modules/users/roles";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; assetId: string };

export const GET = withApiAuth<Params>({ scope: "control:write" }, async ({ params, account }) => ({
  status: "success",
  data: await getProvisioning({ accountId: account.id, assetId: idParam(params.assetId, "ASSET_NOT_FOUND") }),
}));

export const POST = withApiAuth<Params>({ scope: "control:write" }, async ({ request, params, account, client }) => {
  const assetId = idParam(params.assetId, "ASSET_NOT_FOUND");
  if (!can(client.role, "vehicles.provision")) {
    throw new AppError(
      "FORBIDDEN",
      `Setting a CAN adapter's program number needs an admin; this client acts as a member whose role is ${ROLE_LABELS[client.role].toLowerCase()}.`,
    );
  }
  const body = await readJsonBody(request);
  return {
    status: "success",
    data: await provisionProgramNumber({ accountId: account.id, assetId, body, sender: apiClientSender({ client }) }),
  };
});
