import type { KyselyPlugin } from 'kysely';
import type { Db } from '../../server/db/db.ts';

/**
 * Counts the statements a database handle runs (each result is one round trip; a transaction's
 * begin and commit are two more, which Kysely's plugins do not see).
 */
export function counting(db: Db) {
  const counter = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.statements += 1;
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), counter };
}
