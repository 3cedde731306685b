// Input parsing shared by the domain use cases: a zod failure becomes one VALIDATION_FAILED AppError whose message
// names every bad field (the CLI prints it as is) and whose `errors` list them one by one (REST, tRPC). With it, the
// small zod helpers every module's schemas share (optional text, "is required" messages, unique violations), kept
// here rather than in whichever module needed them first.
import type { z } from "zod";
import { AppError, fieldErrors } from "../errors";

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  throw new AppError("VALIDATION_FAILED", errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
}

/** true for a unique-constraint violation (Prisma P2002), on PostgreSQL and PGlite alike */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/**
 * Optional free text: trimmed, and "" or null mean "not set" (null). Wrap it in `.optional()` where undefined must
 * stay undefined ("leave unchanged" in updates).
 */
export function optionalText<T extends z.ZodType<string, string>>(schema: T) {
  return schema.nullable().transform((value) => (value == null || value.trim() === "" ? null : value.trim()));
}

/** "is required" when the field is missing, `message` when it has the wrong type; zod's own text otherwise */
export const requiredOr = (message: string) => (issue: { code?: string; input?: unknown }) =>
  issue.code !== "invalid_type" ? undefined : issue.input === undefined ? "is required" : message;
