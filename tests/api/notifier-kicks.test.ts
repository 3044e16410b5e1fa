import { expect, it } from 'vitest';
import { createNotifier } from '../../server/notify/notifier.ts';
import { outboxSender } from '../../server/notify/outbox.ts';
import { describeApi } from './harness.ts';

/** The periodic messages job under a steady stream of changes (each change kicks the notifier). */
describeApi('the messages job while changes keep coming', (ctx) => {
  it('runs its pass with the run under way instead of waiting for the kicks to stop', async () => {
    const { db } = ctx().database;
    const passes: boolean[] = [];
    const notifier = createNotifier({ db, sender: outboxSender(db), siteUrl: 'http://localhost:4321', log: () => {} });
    notifier.kick();
    // A change every millisecond: each pass of the kicked run finds another kick waiting.
    const stream = setInterval(() => notifier.kick(), 1);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const outcome = await Promise.race([
        notifier.runAll().then(() => 'done'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
      ]);
      passes.push(outcome === 'done');
    } finally {
      clearInterval(stream);
    }
    await notifier.settle();
    expect(passes).toEqual([true]);
  });

  it('runs at once when nothing is running, and once per call when called together', async () => {
    const { db } = ctx().database;
    const notifier = createNotifier({ db, sender: outboxSender(db), siteUrl: 'http://localhost:4321', log: () => {} });
    await notifier.runAll();
    await Promise.all([notifier.runAll(), notifier.runAll()]);
    await notifier.settle();
  });
});
