// User and membership input schemas and DTOs.
import { z } from "zod";
import { ROLES } from "./roles";

export const ZRole = z.enum(ROLES);

/** E-mail addresses are stored trimmed and lowercased, so sign-in is case-insensitive. */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "must be at most 254 characters")
  .pipe(z.email("must be an e-mail address"));

export const PASSWORD_MIN_LENGTH = 8;
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, "must be at most 256 characters");

export const ZUserName = z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters");

const ZId = z.number().int().positive();

export const ZCreateUser = z.object({
  accountId: ZId,
  email: ZEmail,
  name: ZUserName,
  password: ZPassword.optional(),
  role: ZRole.default("admin"),
});
export type CreateUserInput = z.input<typeof ZCreateUser>;

export const ZMemberChange = z.object({ accountId: ZId, userId: ZId });
export const ZChangeMemberRole = ZMemberChange.extend({ role: ZRole });

export const ZMember = z.object({
  id: z.number().int().describe("user id"),
  email: z.string(),
  name: z.string(),
  role: ZRole,
  /** false for service users (no password), which act for API clients and cannot sign in */
  canSignIn: z.boolean(),
  /** added without a password: their welcome e-mail's link is how they choose one (docs/dashboard.md "Password links") */
  awaitingPassword: z.boolean(),
  joinedAt: z.string().describe("ISO 8601"),
  /** the groups the member is limited to (docs/fleet-records.md "Groups as scopes"); null: the whole fleet */
  groupIds: z.array(z.number().int()).nullable(),
});
export type Member = z.infer<typeof ZMember>;

export const ZUserAccount = z.object({ id: z.number().int(), key: z.string(), name: z.string(), role: ZRole });
export type UserAccount = z.infer<typeof ZUserAccount>;
