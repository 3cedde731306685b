// N23: `fleet user create` takes the password from a file or standard input, so it need not be in the process's
// arguments; typed inline it still works, with a warning. In-process, on the command's real flag declarations; the
// `fleet` process itself (stdin through main.ts, the hand-over to a server) is covered in cli.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CliError, EXIT } from "./command";
import { userCreate } from "./commands/user-create";
import { parseFlags } from "./flags";
import { commandLine, MAX_SECRET_BYTES, resolveSecretFlags, type SecretSources } from "./secret-flags";

const folder = mkdtempSync(path.join(tmpdir(), "fleetline-secret-flags-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const BASE = ["--account", "acme", "--email", "ann@acme.test", "--name", "Ann"];

async function resolve(args: string[], sources: Partial<SecretSources> = {}) {
  const warnings: string[] = [];
  const flags = parseFlags([...BASE, ...args], userCreate.flags, userCreate.name);
  const read = await resolveSecretFlags(userCreate, flags, {
    cwd: folder,
    fromArguments: true,
    warn: (text) => void warnings.push(text),
    ...sources,
  });
  return { flags, read, warnings };
}

async function refusal(args: string[], sources: Partial<SecretSources> = {}): Promise<{ message: string; exitCode: number }> {
  const error = await resolve(args, sources).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CliError);
  return { message: (error as CliError).message, exitCode: (error as CliError).exitCode };
}

describe("user create's password", () => {
  it("is read from --password-file, relative to the user's folder, without its final newline", async () => {
    writeFileSync(path.join(folder, "ann.pw"), "correct horse battery\n", { mode: 0o600 });
    writeFileSync(path.join(folder, "windows.pw"), "  spaces kept  \r\n");
    const { flags, read, warnings } = await resolve(["--password-file", "ann.pw"]);
    expect(flags).toMatchObject({ password: "correct horse battery" });
    expect(flags["password-file"]).toBeUndefined();
    expect(read).toBe(true);
    expect(warnings).toEqual([]);
    expect((await resolve([`--password-file=${path.join(folder, "windows.pw")}`])).flags.password).toBe("  spaces kept  ");
  });

  it("is read from standard input with --password -", async () => {
    const prompts: string[] = [];
    const readStandardInput = async (prompt: string) => {
      prompts.push(prompt);
      return "from the pipe\n";
    };
    const { flags, read, warnings } = await resolve(["--password", "-"], { readStandardInput });
    expect(flags.password).toBe("from the pipe");
    expect(read).toBe(true);
    expect(prompts).toEqual(["Password: "]);
    expect(warnings).toEqual([]);
  });

  it("still works typed inline, with a warning recommending the other forms (not repeated by a server running it)", async () => {
    const inline = await resolve(["--password", "correct horse"]);
    expect(inline.flags.password).toBe("correct horse");
    expect(inline.read).toBe(false);
    expect(inline.warnings).toEqual([
      "warning: --password VALUE puts the password in the process's arguments, which other local users can read, and in " +
        "your shell's history. Prefer --password - (reads standard input) or --password-file PATH.\n",
    ]);
    expect((await resolve(["--password", "correct horse"], { fromArguments: false })).warnings).toEqual([]);
  });

  it("refuses both forms at once, neither, an unreadable, empty or oversized file, and - where there is no standard input", async () => {
    writeFileSync(path.join(folder, "empty.pw"), "\n");
    writeFileSync(path.join(folder, "large.pw"), "x".repeat(MAX_SECRET_BYTES + 1));
    expect(await refusal(["--password", "x", "--password-file", "ann.pw"])).toEqual({
      message: "give --password or --password-file, not both",
      exitCode: EXIT.USAGE,
    });
    expect(await refusal([])).toEqual({ message: "missing required flag --password (or --password-file) for user create", exitCode: EXIT.USAGE });
    expect(await refusal(["--password-file", "missing.pw"])).toEqual({
      message: `cannot read --password-file ${path.join(folder, "missing.pw")}: no such file`,
      exitCode: EXIT.FAILED,
    });
    expect((await refusal(["--password-file", "empty.pw"])).message).toBe(`--password-file ${path.join(folder, "empty.pw")} is empty`);
    expect((await refusal(["--password-file", "large.pw"])).message).toBe(
      `--password-file ${path.join(folder, "large.pw")} is larger than ${MAX_SECRET_BYTES} bytes: not a password file`,
    );
    expect((await refusal(["--password-file", "."])).message).toBe(`--password-file ${folder} is not a file`);
    expect(await refusal(["--password", "-"])).toEqual({
      message: "--password - reads standard input, which only the fleet command itself has",
      exitCode: EXIT.USAGE,
    });
    expect((await refusal(["--password", "-"], { readStandardInput: async () => "" })).message).toBe(
      "--password -: standard input held no password",
    );
  });

  it("is handed on as the command line a server parses to the same flags", async () => {
    const { flags } = await resolve(["--password", "-", "--role", "viewer"], { readStandardInput: async () => "--looks like a flag" });
    const forwarded = commandLine(userCreate, flags);
    expect(forwarded.slice(0, 2)).toEqual(["user", "create"]);
    expect(parseFlags(forwarded.slice(2), userCreate.flags, userCreate.name)).toEqual(flags);
  });
});
