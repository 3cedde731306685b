// Help text (standard error) for the whole CLI and for one command.
import type { CliCommand } from "./command";

export function usage(commands: readonly CliCommand[], planned: Readonly<Record<string, string>>): string {
  const width = Math.max(...commands.map((c) => c.name.length), ...Object.keys(planned).map((n) => n.length));
  const lines = [
    "Usage: fleet <noun> <verb> [--flag value]...   (npm run fleet -- <noun> <verb> ...)",
    "",
    "Prints one JSON object on standard output; logs and help go to standard error.",
    "Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (through the server while one holds it).",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    ...Object.entries(planned).map(([name, work]) => `  ${name.padEnd(width)}  (not available yet: ${work})`),
    "",
    "Help for one command: fleet <noun> <verb> --help. Full reference: docs/cli.md",
  ];
  return lines.join("\n") + "\n";
}

export function commandHelp(command: CliCommand): string {
  const flagText = (name: string, value?: string) => `--${name}${value ? ` ${value}` : ""}`;
  const width = Math.max(0, ...command.flags.map((f) => flagText(f.name, f.value).length));
  const synopsis = command.flags
    .map((f) => (f.required ? flagText(f.name, f.value) : `[${flagText(f.name, f.value)}]`))
    .join(" ");
  const lines = [
    `Usage: fleet ${command.name} ${synopsis}`,
    "",
    command.summary,
    "",
    "Flags:",
    ...command.flags.map((f) => {
      const choices = f.choices ? ` (${f.list ? "comma-separated: " : ""}${f.choices.join(f.list ? "," : "|")})` : "";
      const required = f.required ? "required. " : "";
      return `  ${flagText(f.name, f.value).padEnd(width)}  ${required}${f.description}${choices}`;
    }),
  ];
  if (command.example) lines.push("", "Example:", `  ${command.example}`);
  return lines.join("\n") + "\n";
}
