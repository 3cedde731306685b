// A member's group limit as the REST API reads and writes it (PUT /api/{account_key}/user/{user_id}/groups;
// docs/fleet-records.md "Groups as scopes"). REST says "limited" with a flag of its own rather than the dashboard's
// `groupIds: null`: an integration that sends `[]` meaning "no limit" would otherwise cut the member off every asset,
// and one that drops the field would lift the limit. `group_limited: false` with groups named is a 422, not a guess.
import { z } from "zod";
import { ACCOUNT_QUOTAS } from "../accounts/account-quotas";
import { requiredOr } from "../parse-input";
import type { MemberGroups } from "./set-member-groups";

const MAX_GROUPS = ACCOUNT_QUOTAS.asset_groups;

export const ZMemberGroupLimitBody = z
  .object({
    group_limited: z.boolean({ error: requiredOr("must be true or false") }).meta({
      description: "true: the member sees only the assets of group_ids and their subgroups; false: the whole fleet.",
    }),
    group_ids: z
      .array(z.number({ error: "must be group ids" }).int("must be group ids").positive("must be group ids"), { error: "must be a list of group ids" })
      .max(MAX_GROUPS, `may name at most ${MAX_GROUPS} groups`)
      .optional()
      .meta({
      description: "The groups of a limited member (subgroups follow); [] or left out: no asset at all. Left out or [] when group_limited is false.",
    }),
  })
  .strict()
  .superRefine((body, context) => {
    if (!body.group_limited && body.group_ids?.length) {
      context.addIssue({ code: "custom", path: ["group_ids"], message: "must be left out when group_limited is false (the member sees the whole fleet)" });
    }
  })
  .meta({ id: "MemberGroupLimitInput" });

export const ZMemberGroupLimitDto = z
  .object({
    group_limited: z.boolean(),
    group_ids: z.array(z.number().int()).meta({ description: "ascending; [] when not limited (or limited to no group)" }),
  })
  .meta({ id: "MemberGroupLimit" });
export type MemberGroupLimitDto = z.infer<typeof ZMemberGroupLimitDto>;

/** the dashboard's groupIds (null: not limited) for setMemberGroups */
export function limitGroupIds(body: z.infer<typeof ZMemberGroupLimitBody>): number[] | null {
  return body.group_limited ? (body.group_ids ?? []) : null;
}

export function toMemberGroupLimitDto(groups: MemberGroups): MemberGroupLimitDto {
  return { group_limited: groups.group_ids !== null, group_ids: groups.group_ids ?? [] };
}
