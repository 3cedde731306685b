// The error next-auth hands the sign-in form (as `result.error`) when a sign-in budget is spent. Its own file so the
// browser bundle can import it without the limiter behind it.
export const SIGN_IN_RATE_LIMITED = "RateLimited";
