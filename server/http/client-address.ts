import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    /** The client's address as the rate limits and checkouts count it (see clientAddressKey). */
    clientAddress: string;
  }
}

/**
 * The address of a request that names none: no connection (the app called in process) and no
 * trusted proxy header. All such requests share it, the strict choice.
 */
export const UNKNOWN_ADDRESS = 'unknown';

/** The peer of the TCP connection; none when the app is called in process (tests). */
function connectionAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** An address's 16-bit groups (validated by isIP before). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16));
}

/**
 * The key a client address is counted under: IPv4 as is (also when written as IPv4-mapped IPv6),
 * IPv6 by its /64 network, since one subscriber gets a whole /64 and could otherwise take a fresh
 * address for every request. Text that is not an address (a broken header) is its own key.
 */
export function clientAddressKey(raw: string): string {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.replace(/:\d+$/, '');
  address = address.replace(/%.*$/, '').toLowerCase();
  const version = isIP(address);
  if (version === 4) return address;
  if (version === 6) {
    const groups = ipv6Groups(address);
    const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
    if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
    return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
  }
  return `invalid:${address.slice(0, 100)}`;
}

/**
 * The client of a request. With `trustedProxies` = 0 it is the connection's peer and
 * X-Forwarded-For is ignored (anyone can write it). Behind n proxies (TRUST_PROXY=n), each of
 * which appends the address it received the request from, it is the n-th address from the right
 * of X-Forwarded-For plus the peer: what the outermost trusted proxy saw. Entries further left
 * are the client's own claims and are never used.
 */
export function resolveClientAddress(connection: string | undefined, forwardedFor: string | undefined, trustedProxies: number): string {
  const chain = trustedProxies > 0 && forwardedFor ? forwardedFor.split(',').map((entry) => entry.trim()).filter(Boolean) : [];
  chain.push(connection ?? UNKNOWN_ADDRESS);
  const address = chain[Math.max(0, chain.length - 1 - trustedProxies)]!;
  return address === UNKNOWN_ADDRESS ? address : clientAddressKey(address);
}

/**
 * The request's client address, or undefined when it names none (UNKNOWN_ADDRESS, which every such
 * request shares): for the rules that trust an address the account signed in from.
 */
export function identifiedClientAddress(c: Context): string | undefined {
  const address = c.get('clientAddress');
  return address === UNKNOWN_ADDRESS ? undefined : address;
}

/** Sets `clientAddress` on every request. */
export function clientAddressMiddleware(trustedProxies: number): MiddlewareHandler {
  return async (c, next) => {
    c.set('clientAddress', resolveClientAddress(connectionAddress(c), c.req.header('x-forwarded-for'), trustedProxies));
    await next();
  };
}
