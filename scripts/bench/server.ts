import { spawnSync } from 'node:child_process';

/** Waits until the production server at `base` answers its health check (a minute at most). */
export async function waitForServer(base: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not start');
}

/** The sign-in cookie of a demo account, signed in through the demo outbox's magic link. */
export async function signInCookie(base: string, account: { email: string; userType: string }): Promise<string> {
  const origin = new URL(base).origin.replace('127.0.0.1', 'localhost');
  await fetch(`${base}/api/login?user_type=${account.userType}&email=${account.email}`, { method: 'POST', headers: { origin } });
  // The outbox lists the newest message first: this account's login link.
  const outbox = (await (await fetch(`${base}/dev/outbox.json`)).json()) as { to: string; link: string | null }[];
  const { link } = outbox.find((message) => message.to === account.email && message.link) ?? {};
  if (!link) throw new Error(`No login link for ${account.email} in the outbox`);
  const response = await fetch(`${base}/api/login?token=${new URL(link).searchParams.get('token')}`);
  // The login clears any old cookie first (`sid=`), then sets the new one.
  return response.headers.getSetCookie().map((line) => line.split(';')[0]!).filter((pair) => !pair.endsWith('=')).at(-1)!;
}

/** Builds the site into dist/ for a benchmark, unless BENCH_SKIP_BUILD is set. */
export function buildUnlessSkipped(env: NodeJS.ProcessEnv): void {
  if (process.env.BENCH_SKIP_BUILD) return;
  const build = spawnSync('npm', ['run', 'build'], { env, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('The build failed');
}

/** A table on the console: the first column left-aligned, the figures after it right-aligned. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
