// Personal links (--links): each person's token, keyed by a secret that only the machine that bakes knows, and what a
// page carries so that the token finds its row: a hash of it per row, never the token, and where the page hides a
// person's amounts, those amounts sealed under a key only the token gives (page/me/me.ts opens them in the browser).
import { createCipheriv, createHash, createHmac } from 'node:crypto';
import type { Contest } from '../contest/schema.ts';
import { rank } from '../contest/ranking.ts';
import { toKey } from '../contest/standings.ts';
import { toMoney } from '../page/format.ts';
import { fill, toMessages, type Locale } from '../page/messages.ts';
import { ID_LABEL, KEY_LABEL, type Me } from '../page/me/me.ts';
import { toStanding } from '../page/standing.ts';

/** A secret shorter than this (in bytes) is refused: a token is no harder to guess than its secret. */
export const MIN_SECRET_BYTES = 16;
/** A token's bytes: 128 bits, 22 characters of base64url. */
const TOKEN_BYTES = 16;
/** A sealed text is padded to a multiple of this (the longest panel fits once), so its length tells nothing of an amount. */
const PAD = 192;

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

/** What the page carries for a token: SHA-256 of it under its own label, 128 bits in base64url (me.ts finds it so). */
export function toId(token: string): string {
  return hash(ID_LABEL, token).subarray(0, 16).toString('base64url');
}

/**
 * `text` sealed for the holder of `token`: AES-256-GCM under SHA-256 of the token with a label of its own (not the
 * id's), padded with spaces to a multiple of PAD bytes; iv ‖ ciphertext ‖ tag in base64url. The iv is derived from
 * the key and the text: the same text sealed twice gives the same bytes (a rebuild is identical), and a new text
 * never reuses an iv under a key that lasts as long as the secret.
 */
export function seal(token: string, text: string): string {
  const key = hash(KEY_LABEL, token);
  const plain = Buffer.from(text, 'utf8');
  const padded = Buffer.alloc(Math.ceil((plain.length + 1) / PAD) * PAD, ' ');
  plain.copy(padded);
  const iv = createHash('sha256').update(key).update(padded).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([iv, cipher.update(padded), cipher.final(), cipher.getAuthTag()]);
  return sealed.toString('base64url');
}

/**
 * What a page baked with --links carries (`contest.me`), from the contest as exported, before any privacy setting
 * takes names or amounts off the page: each row's id, and where the page hides that row's amounts, the panel's text
 * sealed for that row's token. `tokens` are the rows' tokens, in the contest's order.
 */
export function toMe(contest: Contest, tokens: readonly string[], locale: Locale): Me {
  const ids = tokens.map(toId);
  const amounts = contest.privacy?.amounts ?? 'all';
  if (amounts === 'all') return { ids };
  const { users, standings } = contest;
  const ranking = rank(users, contest.solo_winners, contest);
  const t = toMessages(locale);
  const sealed = tokens.map((token, index) => {
    if (amounts === 'winners' && ranking.winning[index]) return null;
    const parts = [
      toStanding(users, index, ranking, contest, t, locale),
      fill(t.meProfit, { amount: toMoney(users[index]!.profit, locale) }),
    ];
    const gained = standings?.gained[index]?.[1];
    if (gained) parts.push(fill(t.meGained, { amount: `${gained > 0 ? '+' : ''}${toMoney(gained, locale)}` }));
    return seal(token, parts.join(' · '));
  });
  return { ids, sealed };
}

function hash(label: string, token: string): Buffer {
  return createHash('sha256').update(`${label}${token}`, 'utf8').digest();
}
