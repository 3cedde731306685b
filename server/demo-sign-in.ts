// The demo's sign-in, announced once, when the demo is seeded (#22): the README promises it on the console at the first
// start, but standard output is what container runtimes and service managers keep in their logs, where a password
// must not end up. So the password goes to a file in DATA_DIR (owner-only, like the directory), and it is printed on
// the console only when standard output is a terminal, a person's; otherwise the console line names the file.
// Printed directly, not logged: the logger redacts passwords, and this is meant for the person at the console.
import { chmodSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DATA_FILE_MODE } from "./data-dir";
import type { DemoSignIn } from "./modules/demo/seed-demo";
import { DEMO_TRACKED_ASSET } from "./modules/demo/seed-demo";

export const DEMO_CREDENTIALS_FILE = "demo-credentials.txt";

export interface DemoAnnouncement {
  /** the server's address, e.g. http://localhost:3000 */
  url: string;
  dataDir: string;
  /** where the console lines go (the process's standard output); its isTTY decides whether the password is shown */
  output: { write(text: string): unknown; isTTY?: boolean };
}

/** writes DATA_DIR/demo-credentials.txt (0600) and prints the console lines; returns the file's path */
export function announceDemoSignIn(demo: DemoSignIn, { url, dataDir, output }: DemoAnnouncement): string {
  const file = path.join(path.resolve(dataDir), DEMO_CREDENTIALS_FILE);
  const dashboard = `${url}/a/${demo.accountKey}/dashboard`;
  const tracking = `${url}/t/${demo.trackingLinkUuid}`;
  writeFileSync(
    file,
    [
      "Fleetline demo sign-in, written once when the demo was seeded (Fleetline never reads this file).",
      "Delete it once you no longer need it.",
      "",
      `dashboard: ${dashboard}`,
      `e-mail:    ${demo.email}`,
      `password:  ${demo.password}`,
      `${DEMO_TRACKED_ASSET} as its passengers follow it: ${tracking}`,
      "",
    ].join("\n"),
    { mode: DATA_FILE_MODE },
  );
  chmodSync(file, DATA_FILE_MODE); // a file left by an earlier seed keeps its mode through writeFileSync
  const signIn = output.isTTY
    ? `  Sign in as ${demo.email} with password ${demo.password} (also kept in ${file})\n`
    : `  Sign in as ${demo.email}: the password is in ${file} (owner-only; not printed, as this output is not a terminal)\n`;
  output.write(
    `\n  Fleetline demo is ready at ${dashboard}\n` +
      signIn +
      `  Follow ${DEMO_TRACKED_ASSET} as its passengers do: ${tracking}\n` +
      `  (shown once; create more users with: npm run fleet -- user create --account ${demo.accountKey} ...)\n\n`,
  );
  return file;
}
