// Test support for use cases that refuse: what an AppError says (its code and the fields it names), so a test can
// compare a refusal in one expectation. Anything that is not an AppError is rethrown, so a crash never passes as one.
import { isAppError, type ErrorCode } from "../errors";

/** the code and field names of the AppError `promise` rejects with; throws when it resolves instead */
export async function appFailure(promise: Promise<unknown>): Promise<{ code: ErrorCode; fields: string[] }> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, fields: (error.errors ?? []).map((e) => e.field) };
    throw error;
  }
  throw new Error("expected a failure");
}
