import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { signInByLink, type World } from './actors.ts';
import { ChaosClient } from './http.ts';
import type { Instance } from './instances.ts';
import type { Verdict } from './invariants.ts';

/**
 * The fault run's photo check (decision 027). The instances have data folders of their own, as on
 * separate machines: a tutor's photo uploaded through one of them must be served by every one, with
 * the same bytes, ETag and caching, before the kills and after them.
 */

export interface UploadedPhoto {
  tutorId: number;
  /** The versioned address the upload answered. */
  url: string;
  /** The instance that took the upload, as the proxy names it. */
  through: string;
}

/** A tutor signs in and uploads a new photo through the proxy (from 127.0.0.9, no load client's address). */
export async function uploadPhoto(base: string, world: World, email: string): Promise<UploadedPhoto> {
  const client = new ChaosClient('photo uploader', base, '127.0.0.9', () => {});
  try {
    if (!(await signInByLink(client, world, 'tutor', email))) throw new Error(`the photo check: ${email} could not sign in`);
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg().toBuffer();
    const response = await fetch(`${base}/api/tutors/myself/photo`, {
      method: 'POST',
      body: new Uint8Array(jpeg),
      headers: {
        'content-type': 'image/jpeg',
        origin: base,
        'x-forwarded-for': client.address,
        cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    const body = (await response.json()) as { data?: { url?: string } };
    const url = body.data?.url;
    const tutorId = Number(/^\/tutor_images\/(\d+)\.jpg\?v=/.exec(url ?? '')?.[1]);
    if (!response.ok || !url || !tutorId) throw new Error(`the photo check: the upload answered ${response.status} ${JSON.stringify(body)}`);
    return { tutorId, url, through: response.headers.get('x-chaos-upstream') ?? 'unknown' };
  } finally {
    client.close();
  }
}

/** What is wrong with one instance's answers for the photo; none when it serves it as it must. */
async function faultsAt(instance: Instance, photo: UploadedPhoto): Promise<string[]> {
  const version = new URL(photo.url, 'http://x').searchParams.get('v');
  const faults: string[] = [];
  for (const [address, cache] of [
    [photo.url, 'public, max-age=31536000, immutable'],
    [`/tutor_images/${photo.tutorId}.jpg`, 'no-cache'],
  ] as const) {
    const response = await fetch(`http://${instance.hostport}${address}`, { signal: AbortSignal.timeout(10_000) });
    const bytes = Buffer.from(await response.arrayBuffer());
    const served = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
    const etag = response.headers.get('etag');
    if (response.status !== 200 || served !== version) faults.push(`${address}: ${response.status}, bytes of version ${served}`);
    if (etag !== `"${version}"`) faults.push(`${address}: ETag ${etag}`);
    if (response.headers.get('cache-control') !== cache) faults.push(`${address}: Cache-Control ${response.headers.get('cache-control')}`);
    const again = await fetch(`http://${instance.hostport}${address}`, { headers: { 'if-none-match': `"${version}"` }, signal: AbortSignal.timeout(10_000) });
    if (again.status !== 304) faults.push(`${address} revalidated: ${again.status}`);
  }
  return faults;
}

/** Every instance's answers for the photo, `when` naming the moment in the verdict. */
export async function photoServedByAll(instances: Instance[], photo: UploadedPhoto, when: string): Promise<Verdict> {
  const faults = (await Promise.all(instances.map(async (instance) => (await faultsAt(instance, photo)).map((fault) => `instance ${instance.index} ${fault}`)))).flat();
  return {
    name: `A photo uploaded through one instance is served by every instance, ${when}`,
    held: faults.length === 0,
    detail: faults.length === 0 ? `tutor ${photo.tutorId}'s photo, uploaded through ${photo.through}: the same bytes, ETag and caching from all ${instances.length}` : faults.join('; '),
  };
}
