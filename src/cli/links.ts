// --links: the file of personal links and the secret that keys them, PODIUM_SECRET, checked before anything is read.
// The secret goes to the build as bytes and nowhere else: no line podium prints names it.
import type { Built, BuildOptions } from '../build.ts';
import type { Team } from '../bake/access.ts';
import { MAKE_SECRET as MAKE, MIN_SECRET_LENGTH } from '../bake/links.ts';
import { toPrintable, UserError } from '../errors.ts';
import { USAGE, type BuildFlags } from './flags.ts';
import { toIsolated } from './markdown.ts';
import { count } from './report.ts';

/** Where a build writes: `--out`, and with --links that file and PODIUM_SECRET's bytes; a usage error without them. */
export function toOutputs(
  flags: BuildFlags,
  env: Record<string, string | undefined>,
): Pick<BuildOptions, 'out' | 'links'> {
  if (flags.links === undefined) return { out: flags.out };
  const needs = (reason: string, hint: string) =>
    new UserError({ subject: '--links', reason, hint, output: 'untouched' }, USAGE);
  if (flags.baseUrl === undefined)
    throw needs('needs --base-url: a personal link is the address of its page', 'add --base-url https://…/');
  if (!flags.hydrate) throw needs('needs the page script, which --no-hydrate leaves out', 'drop --no-hydrate');
  // A line break pasted with it into a CI secret's field would change every link.
  const secret = (env.PODIUM_SECRET ?? '').trim();
  if (!secret) throw needs('needs a secret in PODIUM_SECRET, which keys every link', MAKE);
  // A token is no harder to guess than the secret behind it.
  if (secret.length < MIN_SECRET_LENGTH)
    throw needs(`needs a PODIUM_SECRET of at least ${MIN_SECRET_LENGTH} characters (it has ${secret.length})`, MAKE);
  return { out: flags.out, links: { path: flags.links, secret: Buffer.from(secret, 'utf8') } };
}

/**
 * What team pages (privacy "access") are sealed with: PODIUM_SECRET and PODIUM_PASSPHRASE as set, without the spaces
 * and line breaks around them (pasted into a CI secret's field). The build checks them where a contest needs them.
 */
export function toTeam(env: Record<string, string | undefined>): Team {
  const secret = (env.PODIUM_SECRET ?? '').trim();
  const passphrase = (env.PODIUM_PASSPHRASE ?? '').trim();
  return { ...(secret && { secret }), ...(passphrase && { passphrase }) };
}

/**
 * A team page's link, on a line of its own: anyone with it sees the list. In GitHub Actions its key is masked first
 * (`::add-mask::`), so that the log, which whoever reads the repository reads, shows `***` in its place.
 */
export function toTeamLines(team: string | undefined, env: Record<string, string | undefined>): string[] {
  if (team === undefined) return [];
  const key = team.slice(team.indexOf('#key=') + '#key='.length);
  const line = `${toPrintable(team)}  team link: anyone with it sees the list; share it only with the team`;
  return env.GITHUB_ACTIONS === 'true' ? [`::add-mask::${key}`, line] : [line];
}

/**
 * `links.csv  212 personal links: send each person their own line`, for a build with --links; and a line for each
 * name that rows of a contest share, whom the file leaves out.
 */
export function toLinksLines(links: Built['links']): string[] {
  if (!links) return [];
  const path = toPrintable(links.path);
  return [
    `${path}  ${count(links.people, 'personal link')}: send each person their own line`,
    ...links.unlinked.map(
      ({ contest, name, rows }) =>
        `${path}  no personal link for "${toIsolated(toPrintable(name))}"${contest === undefined ? '' : ` (${toPrintable(contest)})`}: ${rows} rows have this name and would share one link; give each person one row, or a name of their own`,
    ),
  ];
}
