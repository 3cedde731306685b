// The password-link forms' calls: JSON in and out; a network failure is status 0. The answer's field errors come
// back by field, for the form to show beside its inputs.
export interface JsonAnswer {
  status: number;
  message: string | null;
  fieldErrors: Record<string, string>;
  body: Record<string, unknown>;
}

export async function postJson(path: string, body: unknown): Promise<JsonAnswer> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
    });
    const answer = ((await response.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
    const fieldErrors: Record<string, string> = {};
    for (const error of (answer.errors as Array<{ field: string; message: string }> | undefined) ?? []) fieldErrors[error.field] ??= error.message;
    return { status: response.status, message: typeof answer.message === "string" ? answer.message : null, fieldErrors, body: answer };
  } catch {
    return { status: 0, message: "Could not reach the server. Try again.", fieldErrors: {}, body: {} };
  }
}
