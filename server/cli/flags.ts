// A small, strict flag parser: `--name value` or `--name=value`; every flag must be declared by the command, given
// once, and carry a value (switches such as `--force` carry none); choices and lists are checked here so commands receive clean values.
import { CliError, EXIT, type FlagSpec, type FlagValues } from "./command";

export function parseFlags(args: readonly string[], specs: readonly FlagSpec[], commandName: string): FlagValues {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const values: FlagValues = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--") || arg === "--") {
      throw new CliError(`unexpected argument ${JSON.stringify(arg)} (flags look like --name value)`, EXIT.USAGE);
    }
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const spec = byName.get(name);
    if (!spec) {
      const known = specs.map((s) => `--${s.name}`).join(", ") || "none";
      throw new CliError(`unknown flag --${name} for ${commandName} (flags: ${known})`, EXIT.USAGE);
    }
    if (name in values) throw new CliError(`flag --${name} given twice`, EXIT.USAGE);
    let value: string;
    if (spec.boolean) {
      if (eq !== -1) throw new CliError(`flag --${name} takes no value`, EXIT.USAGE);
      values[name] = "true";
      continue;
    }
    if (eq !== -1) {
      value = arg.slice(eq + 1);
    } else {
      const next = args[i + 1];
      if (next === undefined || next.startsWith("--")) {
        throw new CliError(`flag --${name} needs a value${spec.value ? ` (${spec.value})` : ""}`, EXIT.USAGE);
      }
      value = next;
      i++;
    }
    values[name] = spec.list ? parseList(spec, value) : parseOne(spec, value);
  }
  for (const spec of specs) {
    if (spec.required && values[spec.name] === undefined) {
      throw new CliError(`missing required flag --${spec.name} for ${commandName}`, EXIT.USAGE);
    }
  }
  return values;
}

function parseOne(spec: FlagSpec, value: string): string {
  if (spec.choices && !spec.choices.includes(value)) {
    const allowed = spec.choices.join(", ");
    throw new CliError(`bad value for --${spec.name}: ${JSON.stringify(value)} (one of: ${allowed})`, EXIT.USAGE);
  }
  return value;
}

function parseList(spec: FlagSpec, value: string): string[] {
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const unique = [...new Set(items)];
  const bad = spec.choices ? unique.filter((item) => !spec.choices!.includes(item)) : [];
  if (bad.length > 0) {
    const given = bad.map((item) => JSON.stringify(item)).join(", ");
    const allowed = spec.choices!.join(", ");
    throw new CliError(`bad value for --${spec.name}: ${given} (comma-separated, from: ${allowed})`, EXIT.USAGE);
  }
  return unique;
}
