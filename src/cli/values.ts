// Each flag's text → the value a command gets, or commander's InvalidArgumentError saying what was expected.
import { InvalidArgumentError } from 'commander';
import { schemas, type Privacy } from '../contest/schema.ts';

export function toBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected an absolute http(s) address, like https://example.com/contests/');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new InvalidArgumentError('expected an http or https address');
  if (url.search || url.hash)
    throw new InvalidArgumentError('expected the address of a folder, without ?query or #fragment');
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/**
 * At least a minute, at most a day: a page that reloads faster hammers its server, a slower one shows stale figures.
 */
export function toMinutes(value: string): number {
  const minutes = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || minutes < 1 || minutes > 1440)
    throw new InvalidArgumentError('expected minutes from 1 to 1440 (a day), like 5 or 1.5');
  return minutes;
}

/** An empty --out (an unset variable in a script) would write into the current folder. */
export function toOut(value: string): string {
  if (value === '') throw new InvalidArgumentError('expected a folder; to write into the current folder, pass --out .');
  return value;
}

export function toPort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return port;
}

/** The same values as the contest's `updated_at` (the schema decides), "now" or "git". */
export function toUpdatedAt(value: string): string {
  if (value === 'now' || value === 'git') return value;
  const result = schemas().ContestSchema.shape.updated_at.safeParse(value);
  if (result.success) return value;
  // The format is right, the year is not: say the schema's own words.
  if (result.error.issues.every((issue) => issue.code === 'custom'))
    throw new InvalidArgumentError(`the time ${result.error.issues[0]?.message}`);
  throw new InvalidArgumentError(
    'expected "now", "git" or an ISO 8601 time with offset, like 2027-03-31T18:45:00+02:00',
  );
}

/**
 * A folder's privacy default: words naming a setting of `names` or `amounts`, separated by commas
 * (`initials,winners`), or a `privacy` object as the contest file has it (the schema decides).
 */
export function toPrivacy(value: string): Privacy {
  const schema = schemas().ContestSchema.shape.privacy;
  let given: unknown;
  try {
    given = value.trim().startsWith('{') ? JSON.parse(value) : toPrivacyWords(value);
  } catch {
    throw new InvalidArgumentError('expected JSON like {"names": "initials", "amounts": "winners"}');
  }
  const result = schema.safeParse(given);
  if (result.success && result.data) return result.data;
  throw new InvalidArgumentError(
    'expected names ("full", "first name and initial", "initials" or "alias") and amounts ("all", "winners" or "none"), like "initials,winners", or a "privacy" object as JSON',
  );
}

/** `initials,winners` → `{ names: 'initials', amounts: 'winners' }`; two of one kind, a key the schema refuses. */
function toPrivacyWords(value: string): Record<string, string> {
  const privacy: Record<string, string> = {};
  for (const word of value.split(',').map((part) => part.trim())) {
    const key = ['all', 'winners', 'none'].includes(word) ? 'amounts' : 'names';
    privacy[key in privacy ? 'twice' : key] = word;
  }
  return privacy;
}
