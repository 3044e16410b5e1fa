import { parseArgs as parseCommandLine } from 'node:util';
import { UsageError } from './errors.ts';

/** A command's flags: `value` takes the next argument (or `--flag=value`), `switch` takes none. */
export type FlagSpec = Record<string, 'value' | 'switch'>;

export interface ParsedArgs {
  flags: Record<string, string | true>;
  positionals: string[];
}

/**
 * Reads `--name value`, `--name=value` and switches after the command (Node's util.parseArgs);
 * the rest are positionals, of which the command takes exactly `positionals` (names for the usage
 * line). Anything else is a usage mistake, named in one line. parseArgs reads leniently here and
 * its tokens are checked below: its strict mode would refuse the same mistakes, but in words of its
 * own and without refusing a flag given twice (the last would win).
 */
export function parseArgs(argv: string[], flags: FlagSpec, positionals: string[]): ParsedArgs {
  const options = Object.fromEntries(Object.entries(flags).map(([name, kind]) => [name, { type: kind === 'value' ? 'string' : 'boolean' } as const]));
  const { tokens } = parseCommandLine({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  const parsed: ParsedArgs = { flags: {}, positionals: [] };
  for (const token of tokens) {
    if (token.kind === 'positional') parsed.positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const { name, rawName, value, inlineValue } = token;
    const kind = Object.hasOwn(flags, name) ? flags[name] : undefined;
    if (!kind) throw new UsageError(`unknown flag ${rawName}`);
    if (name in parsed.flags) throw new UsageError(`${rawName} is given twice`);
    if (kind === 'switch') {
      if (value !== undefined) throw new UsageError(`${rawName} takes no value`);
      parsed.flags[name] = true;
      continue;
    }
    // Lenient parseArgs takes the next argument as the value even when it is another flag.
    if (value === undefined || (!inlineValue && value.startsWith('-'))) throw new UsageError(`${rawName} needs a value`);
    parsed.flags[name] = value;
  }
  if (parsed.positionals.length < positionals.length) throw new UsageError(`missing ${positionals[parsed.positionals.length]}`);
  if (parsed.positionals.length > positionals.length) throw new UsageError(`unexpected argument '${parsed.positionals[positionals.length]}'`);
  return parsed;
}

/** A flag the command cannot do without. */
export function requiredFlag(args: ParsedArgs, name: string): string {
  const value = args.flags[name];
  if (typeof value !== 'string') throw new UsageError(`--${name} is required`);
  return value;
}
