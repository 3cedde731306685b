import { db } from "../../db/client";
import { parseInput } from "../accounts/parse-input";
import { assertAnotherAdmin, lockMembership } from "./admin-guard";
import type { Role } from "./roles";
import { ZChangeMemberRole } from "./users.schema";

export async function changeMemberRole(input: {
  accountId: number;
  userId: number;
  role: Role;
}): Promise<{ id: number; role: Role }> {
  const { accountId, userId, role } = parseInput(ZChangeMemberRole, input);
  return db().$transaction(async (tx) => {
    const current = await lockMembership(tx, accountId, userId);
    if (current === "admin" && role !== "admin") await assertAnotherAdmin(tx, accountId, userId);
    await tx.membership.update({ where: { userId_accountId: { userId, accountId } }, data: { role } });
    return { id: userId, role };
  });
}
