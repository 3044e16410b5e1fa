/**
 * npm run admin -- <command>: add-supervisor, list-staff, backup, restore, help
 * (server/admin/cli.ts), on the configured database (DATABASE_URL, else PGlite in DATA_DIR).
 */
import { runAdmin } from '../server/admin/cli.ts';
import { askHidden } from '../server/admin/prompt.ts';

process.exitCode = await runAdmin(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  // A prompt only where a person can answer it: a cron job or a pipe is refused in one line instead.
  ...(process.stdin.isTTY ? { ask: (prompt: string) => askHidden(prompt, process.stdin, process.stderr) } : {}),
});
