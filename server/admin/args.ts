import { UsageError } from './errors.ts';

/** A command's flags: `value` takes the next argument (or `--flag=value`), `switch` takes none. */
export type FlagSpec = Record<string, 'value' | 'switch'>;

export interface ParsedArgs {
  flags: Record<string, string | true>;
  positionals: string[];
}

/**
 * Reads `--name value`, `--name=value` and switches after the command; the rest are positionals,
 * of which the command takes exactly `positionals` (names for the usage line). Anything else is a
 * usage mistake, named in one line.
 */
export function parseArgs(argv: string[], flags: FlagSpec, positionals: string[]): ParsedArgs {
  const parsed: ParsedArgs = { flags: {}, positionals: [] };
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i]!;
    if (!argument.startsWith('--') || argument === '--') {
      parsed.positionals.push(argument);
      continue;
    }
    const [name = '', inline] = splitOnce(argument.slice(2), '=');
    const kind = flags[name];
    if (!kind) throw new UsageError(`unknown flag --${name}`);
    if (name in parsed.flags) throw new UsageError(`--${name} is given twice`);
    if (kind === 'switch') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      parsed.flags[name] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
    parsed.flags[name] = value;
  }
  if (parsed.positionals.length < positionals.length) throw new UsageError(`missing ${positionals[parsed.positionals.length]}`);
  if (parsed.positionals.length > positionals.length) throw new UsageError(`unexpected argument '${parsed.positionals[positionals.length]}'`);
  return parsed;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** A flag the command cannot do without. */
export function requiredFlag(args: ParsedArgs, name: string): string {
  const value = args.flags[name];
  if (typeof value !== 'string') throw new UsageError(`--${name} is required`);
  return value;
}
