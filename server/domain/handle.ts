/**
 * The database handle, as the domain's functions take it. server/app.ts opens it and hands it to
 * the routes, which pass it on to the domain and never query through it: routes may not import
 * server/db (lint, decision 018), so they name its type from here, the layer they call.
 */
export type { Db } from '../db/db.ts';
