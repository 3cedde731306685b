// Two drivers with one e-mail or phone would make an import's "driver" column ambiguous (import-context.ts refuses
// a value that names two drivers), so the dashboard keeps them apart: DRIVER_CONTACT_TAKEN under the field.
import type { Prisma } from "../../generated/prisma/client";
import { AppError, type FieldError } from "../../errors";
import { phoneKey } from "../values/phone-number";

export async function ensureDriverContactFree(
  tx: Prisma.TransactionClient,
  input: { accountId: number; driverId?: number; email: string | null | undefined; phone: string | null | undefined },
): Promise<void> {
  if (!input.email && !input.phone) return;
  const others = await tx.driver.findMany({
    where: { accountId: input.accountId, ...(input.driverId ? { id: { not: input.driverId } } : {}) },
    select: { name: true, email: true, phone: true },
  });
  const errors: FieldError[] = [];
  const sameEmail = input.email ? others.find((other) => other.email?.toLowerCase() === input.email) : undefined;
  if (sameEmail) errors.push({ field: "email", message: `${sameEmail.name} already has this e-mail; imports find drivers by it` });
  const key = input.phone ? phoneKey(input.phone) : null;
  const samePhone = key ? others.find((other) => other.phone && phoneKey(other.phone) === key) : undefined;
  if (samePhone) errors.push({ field: "phone", message: `${samePhone.name} already has this phone; imports find drivers by it` });
  if (errors.length > 0) throw new AppError("DRIVER_CONTACT_TAKEN", errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
}
