// A team page (privacy "access": "link" or "passphrase"): the page carries its people only sealed, under a team key
// made from the build's secret, so that the same secret opens every Monday's pages with the same link and a new secret
// makes new links. With "passphrase", the page also carries that key sealed under the team's passphrase.
// page/access/open.ts opens what this seals.
import { createCipheriv, createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Contest, Named, Privacy } from '../contest/schema.ts';
import { toPrivacy } from '../contest/privacy.ts';
import { UserError } from '../errors.ts';
import type { Lock, LockedContest, TeamMessages } from '../page/access/open.ts';
import { MAKE_SECRET as MAKE, MIN_SECRET_LENGTH } from './links.ts';
import type { Locale } from '../page/messages.ts';
import de from '../../templates/messages/team.de.json' with { type: 'json' };
import en from '../../templates/messages/team.en.json' with { type: 'json' };

/**
 * A team page's texts (its locked page, its passphrase's form), in a catalogue of their own: the page scripts of other
 * pages never hold them, nor does their minifier see them (every text of templates/messages/de.json is in its choice
 * of React's shortened names).
 */
export function toTeamMessages(locale: Locale): TeamMessages {
  return locale === 'de' ? de : { ...de, ...en };
}

/**
 * PBKDF2-HMAC-SHA-256's work factor for a passphrase: the OWASP Password Storage Cheat Sheet's figure (600,000).
 * Chromium takes 0.2 s for it on a 2-core server, a phone several times that; each guess costs an attacker as much.
 */
export const ITERATIONS = 600_000;
/** A passphrase shorter than this (in characters) is refused: the page is as safe as the passphrase. */
export const MIN_PASSPHRASE_LENGTH = 12;
/** The smallest sealed data: a page of a few people is as long as one of none. */
const MIN_PADDED = 1024;
/** The fields of a contest a team page shows to everyone: its texts, dates, rules and end, nothing of a person. */
const OPEN_FIELDS = [
  'title',
  'heading',
  'journey_date_text',
  'description',
  'qualification_date_text',
  'solo_winners',
  'updated_at',
  'qualification_end',
  'ranking',
  'ties',
  'minimum',
  'ended',
] as const;

/** What a build seals a team page with: the team key, and for "passphrase" the key sealed under the passphrase. */
export type Access = { key: Buffer; passphrase?: Lock['passphrase'] };
/** What a build is given for team pages, as the command read it: PODIUM_SECRET and PODIUM_PASSPHRASE. */
export type Team = { secret?: string | undefined; passphrase?: string | undefined };

/**
 * What each contest's page is sealed with, by its "access": nothing for "public", the team key for "link", and with
 * it the passphrase's wrapping for "passphrase" (PBKDF2 run once a build). A UserError at the first contest that needs
 * what the build was not given: a secret of MIN_SECRET_LENGTH characters, a passphrase of MIN_PASSPHRASE_LENGTH, the
 * page script.
 */
export function toSealing(
  contests: readonly Named[],
  fallback: Privacy | undefined,
  team: Team,
  hydrate: boolean,
): (named: Named) => Access | undefined {
  // Each contest by its file (or name), and its "access" (a default's included).
  const accessOf = (named: Named) => toPrivacy(named.contest.privacy, fallback).access;
  const wanted = contests.map((named) => ({ contest: named.files?.[0] ?? named.name, access: accessOf(named) }));
  const sealed = wanted.filter(({ access }) => access === 'link' || access === 'passphrase');
  if (sealed.length === 0) return () => undefined;
  const fail = ({ contest, access }: (typeof wanted)[number], reason: string, hint: string) =>
    new UserError({ subject: contest, reason: `"access": "${access}" ${reason}`, hint, output: 'untouched' });
  const first = sealed[0]!;
  if (!hydrate) throw fail(first, 'needs the page script, which --no-hydrate leaves out', 'drop --no-hydrate');
  const secret = team.secret ?? '';
  if (secret.length === 0) throw fail(first, 'needs a secret in PODIUM_SECRET, which makes the team link', MAKE);
  if (secret.length < MIN_SECRET_LENGTH)
    throw fail(
      first,
      `needs a PODIUM_SECRET of at least ${MIN_SECRET_LENGTH} characters (it has ${secret.length})`,
      MAKE,
    );
  const phrase = sealed.find(({ access }) => access === 'passphrase');
  const passphrase = phrase && (team.passphrase ?? '');
  if (phrase && !passphrase)
    throw fail(phrase, 'needs the passphrase in PODIUM_PASSPHRASE', 'set it where the build runs (a CI secret)');
  if (phrase && passphrase && [...passphrase].length < MIN_PASSPHRASE_LENGTH)
    throw fail(
      phrase,
      `needs a PODIUM_PASSPHRASE of at least ${MIN_PASSPHRASE_LENGTH} characters (it has ${[...passphrase].length})`,
      'a few words a team remembers make a good one',
    );
  const link = toAccess(Buffer.from(secret, 'utf8'));
  const both = passphrase ? toAccess(Buffer.from(secret, 'utf8'), passphrase) : link;
  return (named) => {
    const access = accessOf(named);
    return access === 'link' ? link : access === 'passphrase' ? both : undefined;
  };
}

/**
 * The team key of a secret (HMAC-SHA-256 under a label of its own: not a personal link's token or id; with
 * "passphrase", the passphrase in the label too), and with a passphrase that key sealed under PBKDF2 of it, whose salt
 * is made from the secret: a rebuild writes the same bytes.
 */
export function toAccess(secret: Uint8Array, passphrase?: string): Access {
  // A passphrase page's key is the passphrase's too: a new passphrase makes a new key (whoever knew the old one opens
  // no new page), and a guessed passphrase opens no page of "link" alone.
  const label =
    passphrase === undefined ? 'podium team key\0' : `podium team key\0passphrase\0${passphrase.normalize('NFC')}`;
  const key = createHmac('sha256', secret).update(label).digest();
  if (passphrase === undefined) return { key };
  const salt = createHmac('sha256', secret).update('podium team salt\0').digest().subarray(0, 16);
  const wrapping = pbkdf2Sync(passphrase.normalize('NFC'), salt, ITERATIONS, 32, 'sha256');
  return {
    key,
    passphrase: { salt: salt.toString('base64url'), iterations: ITERATIONS, wrapped: seal(wrapping, key) },
  };
}

/**
 * A team page's data: the contest's open fields (OPEN_FIELDS), no one in `users`, and `data` (what the page would carry
 * without "access") sealed under the team key: gzipped, then padded to a power of two, so that its length tells no
 * more than the size class of the list; with the passphrase's wrapping of the key where `access` has one.
 */
export function toLocked(contest: Contest, data: unknown, access: Access): LockedContest {
  const open = Object.fromEntries(
    OPEN_FIELDS.flatMap((key) => (contest[key] === undefined ? [] : [[key, contest[key]]])),
  );
  const gzip = gzipSync(JSON.stringify(data), { level: 9 });
  let size = MIN_PADDED;
  while (size < gzip.length + 4) size *= 2;
  const plain = Buffer.alloc(size);
  plain.writeUInt32LE(gzip.length, 0);
  gzip.copy(plain, 4);
  const lock = { data: seal(access.key, plain), ...(access.passphrase && { passphrase: access.passphrase }) };
  return { ...(open as Pick<Contest, (typeof OPEN_FIELDS)[number]>), users: [], locked: lock };
}

/** A team link: the page's address (or its path) and the team key after `#key=`, which no browser sends to a server. */
export function toTeamLink(address: string, access: Access): string {
  return `${address}#key=${access.key.toString('base64url')}`;
}

/**
 * AES-256-GCM, as base64url of iv ‖ ciphertext ‖ tag. The iv is derived from the key and the plaintext: the same
 * plaintext sealed twice gives the same bytes (a rebuild is identical), and no other plaintext reuses an iv.
 */
function seal(key: Buffer, plain: Buffer): string {
  const iv = createHash('sha256').update(key).update(plain).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64url');
}
