// Temporary probe (not committed): a Chrome trace of a dashboard's load, long tasks by what they did.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [base, cookie, path, out] = process.argv.slice(2) as [string, string, string, string];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, timezoneId: 'UTC' });
const [name, ...value] = cookie.split('=');
await context.addCookies([{ name: name!, value: value.join('='), url: base }, { name: 'tz', value: 'UTC', url: base }]);
const page = await context.newPage();
if (process.env.NOCV) {
  await page.route('**/tutors/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(/content-visibility:auto/g, 'content-visibility:visible') });
  });
}
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(page, { path: out, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
await page.goto(base + path, { waitUntil: 'load' });
await page.waitForTimeout(5000);
await browser.stopTracing();
await browser.close();
const events = (JSON.parse(readFileSync(out, 'utf8')) as { traceEvents: any[] }).traceEvents;
const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'ParseHTML'));
const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStart')?.ts ?? mine[0].ts;
for (const e of mine) if (e.name === 'Layout' && e.dur > 5000) console.log('layout', (e.dur / 1000).toFixed(0), 'ms', e.args?.beginData?.dirtyObjects, 'of', e.args?.beginData?.totalObjects);
for (const e of mine) if (e.name === 'Paint' && e.dur > 5000) console.log('paint', (e.dur / 1000).toFixed(0), 'ms');
const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur > 30_000);
for (const task of tasks) {
  const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur);
  const byName = new Map<string, number>();
  for (const e of inside) {
    if (!['FunctionCall', 'EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'Layout', 'UpdateLayoutTree', 'ParseHTML', 'MajorGC', 'MinorGC', 'Paint', 'PrePaint', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'V8.GCScavenger', 'ParseAuthorStyleSheet', 'HitTest', 'IntersectionObserverController::computeIntersections', 'v8.run', 'RunMicrotasks'].includes(e.name)) continue;
    const key = e.name + (e.args?.data?.url ? ' ' + String(e.args.data.url).split('/').pop() : '') + (e.args?.data?.functionName ? ' ' + e.args.data.functionName : '');
    byName.set(key, (byName.get(key) ?? 0) + e.dur / 1000);
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(0)}`);
  console.log(`${((task.ts - nav) / 1000).toFixed(0)} ms +${(task.dur / 1000).toFixed(0)} ms: ${top.join(' | ')}`);
}
