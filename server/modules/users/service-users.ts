// Service users act for an account's API clients (oauth/create-oauth-client.ts makes them): they have no password,
// never sign in, and their addresses are in an `.invalid` domain (RFC 2606), so nothing is ever mailed to them.
export const SERVICE_USER_DOMAIN = "service.fleetline.invalid";

export function isServiceUserEmail(email: string): boolean {
  return email.endsWith(`@${SERVICE_USER_DOMAIN}`);
}
