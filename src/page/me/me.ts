// A personal link (#me=<token>) in the browser: the token hashed with WebCrypto, the row whose id it gives, and that
// row's sealed figures opened. Nothing leaves the browser, and a token that finds no row finds nothing, silently.
// bake/links.ts makes what this reads; only the page scripts of pages baked with --links hold this code.

/** What a page baked with --links carries (`contest.me`): per row in list order, the hash of its token. */
export type Me = {
  /**
   * The page's address, which each id is made under: someone in two contests has one token, and a different id on
   * each page, so that their rows cannot be told to be one person's.
   */
  page: string;
  /** Per row: SHA-256 of `ID_LABEL` + page + NUL + token, its first 128 bits in base64url. */
  ids: string[];
  /**
   * Where the page hides amounts: per row, the figures of its panel (Sealed) as FIGURES float64s, little-endian,
   * sealed with AES-GCM under SHA-256 of `KEY_LABEL` + token, as base64url of iv ‖ ciphertext ‖ tag; null where the
   * row shows its amounts.
   */
  sealed?: (string | null)[];
};
/** What a sealed row holds: its own figures, the last winner's, its gain in euro since the previous Stand. */
export type Sealed = {
  profit: number;
  leadCount: number;
  last?: { profit: number; leadCount: number };
  gained?: number;
};
/** A row a personal link found: its index, and its sealed figures opened where it has them. */
export type Found = { index: number; sealed?: Sealed | undefined };

/** How many numbers a row's sealed figures are (NaN for none): profit, leads, the last winner's two, gain. */
export const FIGURES = 5;

export const ID_LABEL = 'podium link id\0';
export const KEY_LABEL = 'podium link key\0';

/** The token in a hash (`#me=…`, beside `tv` or `name=…`), or '' without one. */
export function readToken(hash: string): string {
  return /(?:^#?|&)me=([\w-]{16,64})(?:&|$)/.exec(hash)?.[1] ?? '';
}

/**
 * The row of the token in `hash`, with its sealed figures opened; undefined for no token, a token of no row, a page that
 * carries no ids, or a browser without WebCrypto (an insecure context: a page served over http from another host).
 */
export async function findMe(hash: string, me: Me | undefined): Promise<Found | undefined> {
  const token = readToken(hash);
  const subtle = globalThis.crypto?.subtle;
  if (!token || !me || !subtle) return undefined;
  try {
    const id = toBase64url((await digest(subtle, `${ID_LABEL}${me.page}\0${token}`)).slice(0, 16));
    const index = me.ids.indexOf(id);
    if (index < 0) return undefined;
    const sealed = me.sealed?.[index];
    return { index, sealed: sealed ? await open(subtle, token, sealed) : undefined };
  } catch {
    return undefined; // figures that will not open (a page edited by hand) show nothing
  }
}

async function open(subtle: SubtleCrypto, token: string, sealed: string): Promise<Sealed> {
  const bytes = fromBase64url(sealed);
  const key = await subtle.importKey('raw', await digest(subtle, KEY_LABEL + token), 'AES-GCM', false, ['decrypt']);
  const plain = new DataView(await subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, key, bytes.slice(12)));
  const [profit, leadCount, lastProfit, lastLeads, gained] = Array.from({ length: FIGURES }, (_, at) =>
    plain.getFloat64(at * 8, true),
  ) as [number, number, number, number, number];
  return {
    profit,
    leadCount,
    ...(!Number.isNaN(lastProfit) && { last: { profit: lastProfit, leadCount: lastLeads } }),
    ...(!Number.isNaN(gained) && { gained }),
  };
}

async function digest(subtle: SubtleCrypto, text: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Bytes as base64url without padding, as bake/links.ts and bake/access.ts write them. */
export function toBase64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** base64url (or base64) → its bytes. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
