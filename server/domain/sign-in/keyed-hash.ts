import { createHmac } from 'node:crypto';
import type { Db } from '../../db/db.ts';

/**
 * The key is made once by migration 004 and kept in the database, so every server instance hashes
 * the same address to the same value. Read once per database handle.
 */
const keys = new WeakMap<Db, Promise<string>>();

function hashKey(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = db
      .selectFrom('app_secrets')
      .select('secret')
      .where('name', '=', 'address_hash')
      .executeTakeFirstOrThrow()
      .then((row) => row.secret);
    // A failed read is not remembered: the next request tries again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/**
 * A keyed hash (HMAC-SHA-256) of a client address, email or phone, for the rows that only need to
 * compare them (rate limits, the address a seat is held from). A plain hash of an IPv4 address is
 * reversed by trying all 2^32 of them; without the key it is not.
 */
export async function keyedHash(db: Db, value: string): Promise<string> {
  return createHmac('sha256', await hashKey(db)).update(value).digest('hex');
}
