// #22: the demo's password is announced once, when the demo is seeded, and never where logs keep it: in an owner-only
// file in DATA_DIR, and on the console only when standard output is a terminal. The real server (without Next) is
// started twice on one DATA_DIR; its standard output is read as it writes (here a pipe, as under a container runtime).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { announceDemoSignIn, DEMO_CREDENTIALS_FILE } from "./demo-sign-in";
import { parseEnv } from "./env";
import { DEMO_ADMIN_EMAIL } from "./modules/demo/seed-demo";
import { authenticateUser } from "./modules/users/authenticate-user";
import { startFleetline } from "./server";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "fleetline-demo-sign-in-"));
  dirs.push(dir);
  return dir;
}

/** starts the server on `dataDir` with the demo and returns what it wrote on standard output until it was ready */
async function startAndRead(dataDir: string): Promise<{ printed: string; stop: () => Promise<void> }> {
  let printed = "";
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    printed += String(chunk);
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  });
  const running = await startFleetline(
    parseEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: "0", LOG_LEVEL: "silent", FLEET_DEMO: "1", DATA_DIR: dataDir }),
    { next: false },
  );
  vi.restoreAllMocks();
  return { printed, stop: () => running.stop() };
}

describe("the demo sign-in", () => {
  it("goes to an owner-only file in DATA_DIR on the first start, is not printed where it is not a terminal, and is not announced again", async () => {
    expect(process.stdout.isTTY).toBeFalsy(); // vitest's workers write into a pipe
    const dataDir = tempDir();
    const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
    const first = await startAndRead(dataDir);
    let password: string;
    try {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const kept = readFileSync(file, "utf8");
      expect(kept).toContain(`e-mail:    ${DEMO_ADMIN_EMAIL}\n`);
      password = /^password: {2}(\S+)$/m.exec(kept)![1]!;
      expect(await authenticateUser({ email: DEMO_ADMIN_EMAIL, password })).toMatchObject({ email: DEMO_ADMIN_EMAIL });

      expect(first.printed).toMatch(/Fleetline demo is ready at http:\/\/\S+\/a\/demo\/dashboard/);
      expect(first.printed).toContain(`Sign in as ${DEMO_ADMIN_EMAIL}: the password is in ${file} (owner-only; not printed, as this output is not a terminal)`);
      expect(first.printed).not.toContain(password);
    } finally {
      await first.stop();
    }

    const again = await startAndRead(dataDir);
    await again.stop();
    expect(again.printed).not.toContain("Sign in as");
    expect(readFileSync(file, "utf8")).toContain(`password:  ${password}\n`); // left as the first start wrote it
  }, 120_000);

  it("is printed with its password for a person at a terminal, and kept in the file too", () => {
    const dataDir = tempDir();
    let printed = "";
    const demo = { accountKey: "demo", email: DEMO_ADMIN_EMAIL, password: "pw-at-the-console", trackingLinkUuid: "0b6c8e52-7d1e-4a55-9f0e-3f4b6f3f2a10" };
    const file = announceDemoSignIn(demo, { url: "http://localhost:3000", dataDir, output: { isTTY: true, write: (text: string) => (printed += text) } });
    expect(printed).toContain(`  Sign in as ${DEMO_ADMIN_EMAIL} with password pw-at-the-console (also kept in ${file})\n`);
    expect(printed).toContain("  Follow School Bus 4 as its passengers do: http://localhost:3000/t/0b6c8e52-7d1e-4a55-9f0e-3f4b6f3f2a10\n");
    expect(readFileSync(file, "utf8")).toContain("password:  pw-at-the-console\n");
  });
});
