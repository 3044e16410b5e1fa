/**
 * The message-crash test's server (tests/api/message-crash.test.ts): the production delivery
 * (messenger, pg-boss) over one PostgreSQL schema, sending to the outbox. With SLOW_SENDS, each send
 * writes its outbox row and then waits before it returns, so a kill lands between a message's send
 * and its mark: the window a crash can leave. Its lease (2 s) and pg-boss's check of leases (1 s)
 * are short, so the next start takes over a killed send within seconds.
 */
import { openDatabase } from '../../server/start/database.ts';
import { startJobRunner } from '../../server/jobs/runner.ts';
import { createMessenger } from '../../server/notify/messenger.ts';
import { outboxSender } from '../../server/notify/outbox.ts';

const database = await openDatabase({ databaseUrl: process.env.CRASH_DATABASE_URL!, schema: process.env.CRASH_SCHEMA! });
const outbox = outboxSender(database.db);
const slow = process.env.SLOW_SENDS === '1';
const messenger = createMessenger({
  db: database.db,
  sender: {
    async send(message) {
      await outbox.send(message);
      if (slow) await new Promise((resolve) => setTimeout(resolve, 150));
    },
  },
  siteUrl: 'http://localhost:4321',
  log: (line) => console.log(line),
  retrySeconds: 1,
  leaseSeconds: 2,
});
const runner = await startJobRunner(database.jobStore, messenger.jobs, { log: (line) => console.log(line), pollingSeconds: 0.5, superviseSeconds: 1 });
messenger.attach(runner, database.changes);
console.log('delivering');
