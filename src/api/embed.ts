import { send } from './http.ts';

/** The allowed sites: supervisors only. */
export const getEmbedOrigins = () => send('GET /embed/origins');

/**
 * Replaces the whole list (each entry as typed: the server trims and normalises it, and refuses one
 * that is not a site's address with BadEmbedOrigin naming it). Answers the list as stored.
 */
export const putEmbedOrigins = (origins: readonly string[]) =>
  send('PUT /embed/origins', { body: { bytes: new Blob([JSON.stringify({ origins })]), type: 'application/json' } });
