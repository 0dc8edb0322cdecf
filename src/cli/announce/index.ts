// `podium announce`: what the newest Stand of each contest with a history brings, printed (text or HTML) or, with
// PODIUM_WEBHOOK, posted to Microsoft Teams or Slack. It says no more than the pages publish: the check's ranking, the
// change report's people (build.ts's toShownChanges) and the page's names and amounts (contest/privacy.ts's toPage).
// A failed post is one warning line, and exit 0: the pages are published by then.
import { readFile } from 'node:fs/promises';
import { normalize } from 'node:path';
import { toShownChanges } from '../../build.ts';
import { toBerlinTime, toToday } from '../../contest/berlin.ts';
import { toEnded, toPage } from '../../contest/privacy.ts';
import { HISTORY_FOLDER, type Named } from '../../contest/schema.ts';
import { ContestError, UserError } from '../../errors.ts';
import type { Changes } from '../../input/changes.ts';
import { read, readAll, STDIN } from '../../input/read.ts';
import { validate } from '../../input/validate.ts';
import { toMessages } from '../../page/messages.ts';
import { toEpochStamp } from '../bake.ts';
import { print, type Io } from '../io.ts';
import { USAGE, type AnnounceFlags } from '../flags.ts';
import type { Announced } from './message.ts';

/** Seconds a webhook has to answer each try, unless PODIUM_WEBHOOK_TIMEOUT says otherwise. */
const TIMEOUT = 5;

/** Announces what the newest Stand of each contest of `input` brings; returns the exit code. */
export async function announce(input: string, flags: AnnounceFlags, io: Io): Promise<number> {
  const webhook = toWebhook(io.env.PODIUM_WEBHOOK);
  const timeout = toTimeout(io.env.PODIUM_WEBHOOK_TIMEOUT);
  if (input === STDIN && flags.changed === STDIN)
    throw new UserError('podium: announce: - is both the contest and --changed; standard input is read once', USAGE);
  const changed = flags.changed === undefined ? undefined : await readChanged(flags.changed, io);
  const sources = await read([input], () => readAll(io.stdin));
  const checked = await validate(sources);
  if (checked.invalid) throw new ContestError(checked.problems);
  const fallback = flags.privacyDefault;
  const today = await toToday(checked.contests, fallback, () => toEpochStamp(io.env.SOURCE_DATE_EPOCH));
  const changes = toShownChanges(checked, checked, fallback, flags.locale, today);
  // A folder's drafts have no page, and so no news.
  const folder = sources.some(({ name }) => name !== undefined);
  const histories = checked.contests.filter((named) => named.stand !== undefined && !(folder && named.draft));
  const say = (line: string) => print(io.stderr, [`podium: announce: ${line}`]);
  if (histories.length === 0) {
    say('no contest here keeps a history ("users": "folder/"); nothing to announce');
    return 0;
  }
  const chosen = changed ? histories.filter((named) => isChanged(named, changed)) : histories;
  const { toAnnouncement, toSaid, toHtml, toSlack, toTeams, toText, post } = await import('./message.ts');
  const announced = (await toBerlinTime(chosen)).map((named) => toAnnounced(named, changes, flags, today));
  const said = announced
    .map(toAnnouncement)
    .filter(({ moments }) => moments.length > 0)
    .map((announcement) => toSaid(announcement, flags.locale));
  if (said.length === 0) {
    say('no new Stand brings anything to announce');
    return 0;
  }
  if (webhook === undefined) {
    print(io.stdout, [flags.format === 'html' ? toHtml(said, flags.locale) : toText(said)]);
    return 0;
  }
  const body = JSON.stringify(flags.webhook === 'slack' ? toSlack(said) : toTeams(said));
  const posted = await post(webhook, body, { timeout: timeout * 1000 });
  const contests = said.length === 1 ? '1 contest' : `${said.length} contests`;
  if (posted.posted)
    print(io.stdout, [`podium: announce: posted the news of ${contests} to the webhook (${flags.webhook})`]);
  else say(`${posted.why}; the message was not posted`);
  return 0;
}

/** A contest as its page shows it on `today`, and what its newest Stand changed, as the change report may say it. */
function toAnnounced(named: Named, changes: readonly Changes[], flags: AnnounceFlags, today?: string): Announced {
  const fallback = flags.privacyDefault;
  const ended = toEnded(named, fallback, today);
  const contest = toPage(ended, fallback, toMessages(flags.locale).anonymous);
  const change = changes.find(({ file }) => file === named.files?.[0]);
  const since = named.contest.standings?.since;
  return { contest, ranking: ended.ranking, stand: named.stand!, since, changes: change };
}

/** PODIUM_WEBHOOK: none, or an https address (http only on this machine, for a test's receiver); never printed. */
function toWebhook(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const local = url?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url && (url.protocol === 'https:' || local)) return url.href;
  throw new UserError(
    'podium: PODIUM_WEBHOOK is not an https:// address; set it to the address of a Teams Workflows webhook or a Slack incoming webhook, or unset it to print the message',
    USAGE,
  );
}

/** PODIUM_WEBHOOK_TIMEOUT: the seconds each try may take, 1 to 30; 5 without it. */
function toTimeout(value: string | undefined): number {
  if (value === undefined || value === '') return TIMEOUT;
  const seconds = Number(value);
  if (/^\d+(\.\d+)?$/.test(value) && seconds >= 0.1 && seconds <= 30) return seconds;
  throw new UserError(
    `podium: PODIUM_WEBHOOK_TIMEOUT must be seconds from 0.1 to 30, got "${value.slice(0, 20)}"; unset it for 5`,
    USAGE,
  );
}

/** --changed: the paths a push added or changed, one a line (`git diff --name-only`), from a file or standard input. */
async function readChanged(file: string, io: Io): Promise<string[]> {
  const bytes =
    file === STDIN
      ? await readAll(io.stdin)
      : await readFile(file).catch((error: NodeJS.ErrnoException) => {
          throw new UserError({ subject: file, reason: `cannot read it (${error.code ?? 'unknown error'})` }, USAGE);
        });
  return Buffer.from(bytes)
    .toString('utf8')
    .split(/\r?\n/)
    .filter(Boolean)
    .map((path) => normalize(path));
}

/** Whether a push added or changed a file of the contest's history folder. */
function isChanged(named: Named, changed: readonly string[]): boolean {
  const folder = named.files?.find((file) => HISTORY_FOLDER.test(file));
  if (folder === undefined) return false;
  const prefix = normalize(folder).replace(/\/?$/, '/');
  return changed.some((path) => path.startsWith(prefix));
}
