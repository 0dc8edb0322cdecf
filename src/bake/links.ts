// Personal links (--links): each person's token, keyed by a secret that only the machine that bakes knows, and what a
// page carries so that the token finds its row: a hash of it per row, never the token, and where the page hides a
// person's amounts, those sealed under a key only the token gives (page/me/me.ts opens them in the browser).
import { createCipheriv, createHash, createHmac } from 'node:crypto';
import type { Contest, Named } from '../contest/schema.ts';
import type { Ranking } from '../contest/ranking.ts';
import { toPublished } from '../contest/privacy.ts';
import { toEuro } from '../contest/numbers.ts';
import { toKey } from '../contest/standings.ts';
import { FIGURES, ID_LABEL, KEY_LABEL, type Me } from '../page/me/me.ts';

/**
 * A secret shorter than this (in characters) is refused: a token is no harder to guess than its secret, and 32
 * characters of hex are 128 bits (`openssl rand -hex 32` makes 64).
 */
export const MIN_SECRET_LENGTH = 32;
/** How to make a secret, said wherever one is missing (--links, a team page). */
export const MAKE_SECRET =
  'make one with "openssl rand -hex 32" and keep it where the build runs (a CI secret), the same every week';
/** A token's bytes: 128 bits, 22 characters of base64url. */
const TOKEN_BYTES = 16;

/**
 * A person's token: HMAC-SHA-256 of their name (as the history matches names: trimmed, NFC) under the secret,
 * its first 128 bits in base64url. The same secret gives the same token every week; another secret, another token.
 */
export function toToken(secret: Uint8Array, name: string): string {
  return createHmac('sha256', secret)
    .update(toKey(name), 'utf8')
    .digest()
    .subarray(0, TOKEN_BYTES)
    .toString('base64url');
}

/**
 * What the page at the address `page` carries for a token: SHA-256 of it under its own label and the page's address,
 * 128 bits in base64url (me.ts finds it so).
 */
export function toId(page: string, token: string): string {
  return hash(`${ID_LABEL}${page}\0`, token).subarray(0, 16).toString('base64url');
}

/**
 * `figures` sealed for the holder of `token`: AES-256-GCM under SHA-256 of the token with a label of its own (not the
 * id's), as float64s (me.ts: FIGURES), one length whatever they are; iv ‖ ciphertext ‖ tag in base64url. The iv is
 * derived from the key and the figures: the same figures sealed twice give the same bytes (a rebuild is identical),
 * and other figures never reuse an iv under a key that lasts as long as the secret.
 */
export function seal(token: string, figures: readonly number[]): string {
  const key = hash(KEY_LABEL, token);
  const plain = Buffer.alloc(FIGURES * 8);
  for (let at = 0; at < FIGURES; at++) plain.writeDoubleLE(figures[at] ?? Number.NaN, at * 8);
  const iv = createHash('sha256').update(key).update(plain).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64url');
}

/**
 * What a page baked with --links carries (`contest.me`), from the contest as exported, before any privacy setting
 * takes names or amounts off the page: each row's id, and where the page hides that row's amounts, the figures its
 * panel needs, sealed for that row's token: its own, the last winner's where the page shows them (to say how far it
 * is; where it hides them, no distance in euro, from which with the row's own volume the last winner's would follow),
 * its gain in euro.
 * `tokens` are the rows' tokens, in the contest's order; `page` is the page's address.
 */
export function toMe(
  { contest, ranking }: Pick<Named, 'contest' | 'ranking'>,
  tokens: readonly string[],
  page: string,
): Me {
  // Two people of one name would share a token, and each would see the other's sealed figures: neither has a link.
  const shared = toShared(contest);
  const ids = tokens.map((token, index) => (shared.has(index) ? '' : toId(page, token)));
  const amounts = contest.privacy?.amounts ?? 'all';
  if (amounts === 'all') return { page, ids };
  const { users, standings } = contest;
  const published = toPublished(ranking, amounts);
  // The last winner's figures only where the page shows them: their amount less a distance in euro is their volume.
  const last = published(ranking.last) ? users[ranking.last] : undefined;
  const sealed = tokens.map((token, index) => {
    if (shared.has(index) || published(index)) return null;
    const { profit, leadCount } = users[index]!;
    const gained = toEuro(standings?.gained[index]?.[1] ?? Number.NaN);
    return seal(token, [profit, leadCount, last?.profit ?? Number.NaN, last?.leadCount ?? Number.NaN, gained]);
  });
  return { page, ids, sealed };
}

function hash(label: string, token: string): Buffer {
  return createHash('sha256').update(`${label}${token}`, 'utf8').digest();
}

/** A page's address: `baseUrl`, and a folder's page in its own folder under it. */
export function toUrl(baseUrl: string | undefined, name: string | undefined): string | undefined {
  return baseUrl === undefined ? undefined : name ? `${baseUrl}${encodeURIComponent(name)}/` : baseUrl;
}

/** Each person's token, in the contest's order. */
export function toTokens({ users }: Contest, secret: Uint8Array): string[] {
  return users.map(({ name }) => toToken(secret, name));
}

/**
 * A contest and its people's tokens (toTokens), made once for its page and the links file; for a team page, what it is
 * sealed with (bake/access.ts), whose key each personal link carries too.
 */
export type Tokened = { named: Named; tokens: readonly string[]; access?: { key: Buffer } | undefined };

/** The links file's rows: each person's full name and link, with their contest's name in a folder build. */
export function toLinks(contests: readonly Tokened[], folder: boolean, baseUrl: string | undefined): string[][] {
  const rows = contests.flatMap(({ named: { name, contest }, tokens, access }) => {
    const url = `${toUrl(baseUrl, name) ?? ''}#${access ? `key=${access.key.toString('base64url')}&` : ''}`;
    const shared = toShared(contest);
    return contest.users.flatMap((user, at) =>
      shared.has(at) ? [] : [[...(folder ? [name ?? ''] : []), user.name, `${url}me=${tokens[at]}`]],
    );
  });
  return [[...(folder ? ['contest'] : []), 'name', 'link'], ...rows];
}

/** A name that rows of a contest share, and so none of them has a link: its contest in a folder build, how many rows. */
export type Unlinked = { contest?: string; name: string; rows: number };

/** Each name of each contest that rows share (toShared), once, as its first row writes it: whom the file leaves out. */
export function toUnlinked(contests: readonly Tokened[], folder: boolean): Unlinked[] {
  return contests.flatMap(
    ({
      named: {
        name: contest,
        contest: { users },
      },
    }) => {
      const counts = new Map<string, { name: string; rows: number }>();
      for (const at of toShared({ users })) {
        const key = toKey(users[at]!.name);
        const seen = counts.get(key);
        if (seen) seen.rows += 1;
        else counts.set(key, { name: users[at]!.name, rows: 1 });
      }
      return [...counts.values()].map((each) => ({ ...(folder && { contest }), ...each }));
    },
  );
}

/** The rows whose name (as the history matches names) another row of the contest has too. */
function toShared({ users }: Pick<Contest, 'users'>): Set<number> {
  const seen = new Map<string, number>();
  for (const { name } of users) seen.set(toKey(name), (seen.get(toKey(name)) ?? 0) + 1);
  return new Set(users.flatMap(({ name }, at) => (seen.get(toKey(name))! > 1 ? [at] : [])));
}
