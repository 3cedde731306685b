// Every CLI command, by "noun verb". To add one: write server/cli/commands/<noun>-<verb>.ts exporting a
// `defineCommand({...})`, list it in COMMANDS, remove it from PLANNED_COMMANDS if it was there, and document it in
// docs/cli.md. Command files load their use cases inside `run` (dynamic import), so help and usage errors answer
// without loading Prisma or the database drivers.
import type { CliCommand } from "./command";
import { accountCreate } from "./commands/account-create";
import { accountUpdate } from "./commands/account-update";
import { apiKeyCreate } from "./commands/api-key-create";
import { assetCreate } from "./commands/asset-create";
import { assetDelete } from "./commands/asset-delete";
import { backup } from "./commands/backup";
import { linkCreate } from "./commands/link-create";
import { linkDisable } from "./commands/link-disable";
import { oauthClientCreate } from "./commands/oauth-client-create";
import { oauthClientUpdate } from "./commands/oauth-client-update";
import { restore } from "./commands/restore";
import { simulate } from "./commands/simulate";
import { userCreate } from "./commands/user-create";
import { userGrantPlatformAdmin } from "./commands/user-grant-platform-admin";
import { userRevokeSessions } from "./commands/user-revoke-sessions";

export const COMMANDS: readonly CliCommand[] = [
  accountCreate,
  accountUpdate,
  userCreate,
  userGrantPlatformAdmin,
  userRevokeSessions,
  oauthClientCreate,
  oauthClientUpdate,
  apiKeyCreate,
  assetCreate,
  assetDelete,
  linkCreate,
  linkDisable,
  backup,
  restore,
  simulate,
];

/** Commands of operations.md that later work adds: name -> the work that brings it. */
export const PLANNED_COMMANDS: Readonly<Record<string, string>> = {};

export function findCommand(name: string): CliCommand | undefined {
  return COMMANDS.find((command) => command.name === name);
}
