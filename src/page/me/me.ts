// A personal link (#me=<token>) in the browser: the token hashed with WebCrypto, the row whose id it gives, and that
// row's sealed text opened. Nothing leaves the browser, and a token that finds no row finds nothing, silently.
// bake/links.ts makes what this reads; only the page scripts of pages baked with --links hold this code.

/** What a page baked with --links carries (`contest.me`): per row in list order, the hash of its token. */
export type Me = {
  /** Per row: SHA-256 of `ID_LABEL` + token, its first 128 bits in base64url. */
  ids: string[];
  /**
   * Where the page hides amounts: per row, the panel's text (with the person's own amounts) sealed with AES-GCM under
   * SHA-256 of `KEY_LABEL` + token, as base64url of iv ‖ ciphertext ‖ tag; null where the row shows its amounts.
   */
  sealed?: (string | null)[];
};
/** A row a personal link found: its index, and its sealed text opened where it has one. */
export type Found = { index: number; text?: string | undefined };

export const ID_LABEL = 'podium link id\0';
export const KEY_LABEL = 'podium link key\0';

/** The token in a hash (`#me=…`, beside `tv` or `name=…`), or '' without one. */
export function readToken(hash: string): string {
  return /(?:^#?|&)me=([\w-]{16,64})(?:&|$)/.exec(hash)?.[1] ?? '';
}

/**
 * The row of the token in `hash`, with its text opened; undefined for no token, a token of no row, a page that
 * carries no ids, or a browser without WebCrypto (an insecure context: a page served over http from another host).
 */
export async function findMe(hash: string, me: Me | undefined): Promise<Found | undefined> {
  const token = readToken(hash);
  const subtle = globalThis.crypto?.subtle;
  if (!token || !me || !subtle) return undefined;
  try {
    const id = toBase64url((await digest(subtle, ID_LABEL + token)).slice(0, 16));
    const index = me.ids.indexOf(id);
    if (index < 0) return undefined;
    const sealed = me.sealed?.[index];
    return { index, text: sealed ? await open(subtle, token, sealed) : undefined };
  } catch {
    return undefined; // a text that will not open (a page edited by hand) shows nothing
  }
}

async function open(subtle: SubtleCrypto, token: string, sealed: string): Promise<string> {
  const bytes = fromBase64url(sealed);
  const key = await subtle.importKey('raw', await digest(subtle, KEY_LABEL + token), 'AES-GCM', false, ['decrypt']);
  const plain = await subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, key, bytes.slice(12));
  return new TextDecoder().decode(plain).trimEnd();
}

async function digest(subtle: SubtleCrypto, text: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function toBase64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
