// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * eslint.config.js holds the functions of src/features to 120 lines, blank lines and comments
 * not counted. Proven on probes linted as if they lay in the tree.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const RULE = 'max-lines-per-function';

let eslint: ESLint;

// The first lint loads the config's parsers and plugins (seconds on a busy machine): done here, so
// each test's time is its own.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js') });
  await eslint.lintText('export {};\n', { filePath: path.join(ROOT, 'src/features/booking/warm-up.ts') });
}, 60_000);

/** A component whose body has `lines` statements, each with a blank line and a comment after it. */
function component(lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};\n\n  // v${i} is a probe's line.`).join('\n');
  // The signature and the closing brace are lines of the function too.
  return `export function Probe() {\n${body}\n}\n`;
}

async function lengthProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const messages = result?.messages ?? [];
  expect(messages.filter((message) => message.fatal || message.ruleId === null)).toEqual([]);
  return messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('the length of a function in src/features', () => {
  it('is refused past 120 lines, however many blank lines and comments it has', async () => {
    expect(await lengthProblems('src/features/booking/probe.tsx', component(118))).toEqual([]);
    expect(await lengthProblems('src/features/booking/probe.tsx', component(119))).toEqual([
      "Function 'Probe' has too many lines (121). Maximum allowed is 120.",
    ]);
  });

  it('is not limited outside src/features', async () => {
    expect(await lengthProblems('src/ui/probe.tsx', component(119))).toEqual([]);
  });
});
