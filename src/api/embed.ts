import { request } from './http.ts';

/** The sites allowed to frame the booking widget (docs/contract-extensions.md), as `scheme://host[:port]`, sorted. */
export interface EmbedOrigins {
  origins: string[];
}

/** The allowed sites: supervisors only. */
export const getEmbedOrigins = () => request<EmbedOrigins>('GET', '/api/embed/origins');

/**
 * Replaces the whole list (each entry as typed: the server trims and normalises it, and refuses one
 * that is not a site's address with BadOrigin naming it). Answers the list as stored.
 */
export const putEmbedOrigins = (origins: readonly string[]) =>
  request<EmbedOrigins>('PUT', '/api/embed/origins', { body: { bytes: new Blob([JSON.stringify({ origins })]), type: 'application/json' } });
