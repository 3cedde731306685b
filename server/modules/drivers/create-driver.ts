import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { ensureAccount } from "../accounts/ensure-account";
import { ensureDriverContactFree } from "./driver-contact-taken";
import { type CreateDriverInput, type DriverDto, driverSelect, toDriverDto, ZCreateDriver } from "./drivers.schema";

export async function createDriver(input: CreateDriverInput): Promise<DriverDto> {
  const { accountId, name, email, phone } = parseInput(ZCreateDriver, input);
  return db().$transaction(async (tx) => {
    await ensureAccount(tx, accountId);
    await ensureDriverContactFree(tx, { accountId, email, phone });
    const row = await tx.driver.create({ data: { accountId, name, email: email ?? null, phone: phone ?? null }, select: driverSelect });
    return toDriverDto(row);
  });
}
