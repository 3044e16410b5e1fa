/**
 * npm run admin -- <command>: add-supervisor, list-staff, backup, restore, help
 * (server/admin/cli.ts), on the configured database (DATABASE_URL, else PGlite in DATA_DIR).
 */
import { runAdmin } from '../server/admin/cli.ts';

process.exitCode = await runAdmin(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
