// Creates an account with a fresh URL-safe key (slug of the name + random suffix). Members are added separately
// (createUser), so an account can exist before its first admin (e.g. created from the CLI).
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { newAccountKey } from "./account-key";
import { type CreateAccountInput, ZCreateAccount } from "./accounts.schema";
import { isUniqueViolation, parseInput } from "../parse-input";

const KEY_ATTEMPTS = 5;

export async function createAccount(input: CreateAccountInput): Promise<{ id: number; key: string }> {
  const { name, plan, addons } = parseInput(ZCreateAccount, input);
  for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt++) {
    try {
      return await db().account.create({
        data: { key: newAccountKey(name), name, plan, addonMobility: addons.mobility, addonDriver: addons.driver },
        select: { id: true, key: true },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // a key collision: draw another suffix
    }
  }
  throw new AppError("CONFLICT", "could not find a free account key; try again");
}
