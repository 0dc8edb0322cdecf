// A team page (privacy "access": "link" or "passphrase") in the browser: its people were sealed at the bake
// (bake/access.ts); here they are opened with the key of the team link's hash (`#key=…`, which no browser sends to a
// server) or with the key the team's passphrase unwraps. Nothing leaves the browser; a wrong key opens nothing.
import { isPageData } from '../../contest/data.ts';
import type { Contest } from '../../contest/schema.ts';
import { fromBase64url } from '../me/me.ts';
import type TeamTexts from '../../../templates/messages/team.de.json';

/** A team page's texts (its locked page, its passphrase's form): templates/messages/team.*.json, html.ts writes them. */
export type TeamMessages = typeof TeamTexts;

/** What a team page carries of its people (`contest.locked`): all of it sealed, and with a passphrase, its key wrapped. */
export type Lock = {
  /**
   * The page's data as a page without "access" would carry it (window.__CONTEST__), as UTF-8 JSON, gzipped, its
   * length (uint32, little-endian) before it and zeros after it up to a power of two; sealed with AES-256-GCM under
   * the team key: base64url of iv ‖ ciphertext ‖ tag.
   */
  data: string;
  /** With "passphrase": the team key sealed under PBKDF2-HMAC-SHA-256 of the passphrase (NFC), `iterations` times. */
  passphrase?: { salt: string; iterations: number; wrapped: string };
};

/** A contest as a team page carries it: its texts and rules, no one in `users`, and everything else in `locked`. */
export type LockedContest = Contest & { locked: Lock };

/** Whether a page's data is a team page's. */
export function isLocked(contest: Contest | undefined): contest is LockedContest {
  const locked = (contest as { locked?: Partial<Lock> } | undefined)?.locked;
  return typeof locked?.data === 'string';
}

/** Whether this browser can open a team page: WebCrypto (only in a secure context: https, localhost, a file) and gzip streams. */
export function canOpen(): boolean {
  return globalThis.crypto?.subtle !== undefined && typeof DecompressionStream === 'function';
}

/** The team key in a hash (`#key=…`, beside `tv`, `me=…` or `name=…`): 32 bytes as base64url; undefined without one. */
export function readKey(hash: string): Uint8Array<ArrayBuffer> | undefined {
  const text = /(?:^#?|&)key=([\w-]{43})(?:&|$)/.exec(hash)?.[1];
  return text === undefined ? undefined : fromBase64url(text);
}

/**
 * The page's data a lock holds, opened with `key`, and passed through the check a page's data passes at the bake;
 * undefined for a wrong key, a lock edited by hand, or a browser without WebCrypto (a page served over plain http from
 * another host) or gzip streams.
 */
export async function openLock(lock: Lock, key: Uint8Array<ArrayBuffer>): Promise<Contest | undefined> {
  try {
    const plain = await unseal(key, lock.data);
    const length = new DataView(plain.buffer).getUint32(0, true);
    const gzip = new Blob([plain.subarray(4, 4 + length)]).stream();
    const data: unknown = JSON.parse(await new Response(gzip.pipeThrough(new DecompressionStream('gzip'))).text());
    return isPageData(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** The team key a passphrase unwraps; undefined for a wrong passphrase or a page without one. */
export async function unwrapKey(lock: Lock, passphrase: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!lock.passphrase) return undefined;
  const { salt, iterations, wrapped } = lock.passphrase;
  try {
    const subtle = crypto.subtle;
    const text = new TextEncoder().encode(passphrase.normalize('NFC'));
    const base = await subtle.importKey('raw', text, 'PBKDF2', false, ['deriveBits']);
    const params = { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64url(salt), iterations };
    return await unseal(new Uint8Array(await subtle.deriveBits(params, base, 256)), wrapped);
  } catch {
    return undefined;
  }
}

/** AES-256-GCM: base64url of iv (12 bytes) ‖ ciphertext ‖ tag, opened under `key`; throws for a wrong key. */
async function unseal(key: Uint8Array<ArrayBuffer>, sealed: string): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = fromBase64url(sealed);
  const subtle = crypto.subtle;
  const aes = await subtle.importKey('raw', key, 'AES-GCM', false, ['decrypt']);
  return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, aes, bytes.slice(12)));
}
