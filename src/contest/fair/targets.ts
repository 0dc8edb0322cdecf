// Targets and pro-rating: a person's target in the figure the contest names, scaled by their employment share, and
// how much of it they reached, in tenths of a percent as the page shows it ("60,0 %"). The one home of that sum: the
// check's ranking, the page, its search panel and the teams' sums all ask this module. It imports nothing but the one
// rounding of money, so that the page script can hold it.
import { toCents, toEuro } from '../numbers.ts';

/**
 * The contest's `target`: the figure targets are set in, and the target of whoever has none of their own; on a page,
 * `prorated` where employment shares scaled them (the page carries effective targets, no shares: toPageTargets).
 */
export type TargetRule = { figure: 'profit' | 'leadCount'; default?: number | undefined; prorated?: boolean };
/** What the sums need of a person: the figures, their own target and employment share (a fraction, 0 < share ≤ 1). */
export type Targeted = {
  readonly leadCount: number;
  readonly profit: number;
  readonly target?: number | undefined;
  readonly share?: number | undefined;
};
/** A person's effective target (cents for a volume, leads for leads) and the share of it reached, in tenths of a %. */
export type Reached = { target: number; tenths: number };

/**
 * A person's effective target: their own (or the contest's default) × their employment share, in cents for a volume
 * (the scaled amount rounded as every amount is, by toCents()) or in leads (7.5 for half of 15); undefined where there is none above 0.
 */
export function toEffectiveTarget(user: Targeted, rule: TargetRule): number | undefined {
  const base = user.target ?? rule.default;
  if (base === undefined || !(base > 0)) return undefined;
  const share = user.share ?? 1;
  const target = rule.figure === 'profit' ? toCents(base * share) : base * share;
  return target > 0 ? target : undefined;
}

/**
 * The effective target and the share of it a person reached, in tenths of a percent (600 is "60,0 %"), rounded half
 * up: two people the page shows alike rank alike. Undefined without a target, or where the figure is not published.
 */
export function toReached(user: Targeted, rule: TargetRule): Reached | undefined {
  const target = toEffectiveTarget(user, rule);
  const figure = rule.figure === 'profit' ? toCents(user.profit) : user.leadCount;
  if (target === undefined || !Number.isFinite(figure)) return undefined;
  return { target, tenths: Math.round((figure * 1000) / target) };
}

/** The effective target in the figure's own unit: euro for a volume, leads for leads (what a page carries). */
export function toTargetFigure(target: number, rule: TargetRule): number {
  return rule.figure === 'profit' ? toEuro(target) : target;
}

/** Whether a page's data holds targets its page can show: a rule of a figure, each row's target a number or none. */
export function isTargetData(target: unknown, users: readonly unknown[]): boolean {
  if (target === undefined) return true;
  const rule = target as Partial<TargetRule> | null;
  const isNumber = (value: unknown) => value === undefined || Number.isFinite(value);
  return (
    typeof rule === 'object' &&
    (rule?.figure === 'profit' || rule?.figure === 'leadCount') &&
    isNumber(rule.default) &&
    users.every((user) => isNumber((user as Targeted).target))
  );
}

/** What a target may be, as the check says it of a cell or a value. */
export const TARGET_RULE =
  'fill in a target above 0 (in euro or leads, as "target" says), or leave it empty for the "default"';
/** What an employment share may be, as the check says it of a cell. */
export const SHARE_RULE =
  'correct the employment share: above 0 and at most 100 % (0.5, 50 % or 50; left empty, full time)';

/** `0.5`, `50 %`, `"0,5"`, `50` (above 1 and at most 100: a percent) → 0.5; undefined for 0, less, or above 100 %. */
export function toShare(value: unknown): number | undefined {
  if (typeof value === 'number') return toFraction(value, value > 1);
  if (typeof value !== 'string') return undefined;
  const match = /^\s*([+-]?\d+(?:[.,]\d+)?)\s*(%?)\s*$/.exec(value);
  if (!match) return undefined;
  const number = Number(match[1]!.replace(',', '.'));
  return toFraction(number, match[2] === '%' || number > 1);
}

function toFraction(number: number, percent: boolean): number | undefined {
  const fraction = percent ? number / 100 : number;
  return Number.isFinite(fraction) && fraction > 0 && fraction <= 1 ? fraction : undefined;
}

/** The rows of a list (its index each) that have no target above 0 under the rule: neither their own nor a default. */
export function findUntargeted(users: readonly Targeted[], rule: TargetRule): number[] {
  const found: number[] = [];
  for (let at = 0; at < users.length; at += 1) if (toEffectiveTarget(users[at]!, rule) === undefined) found.push(at);
  return found;
}

/** Whether an employment share scales anyone's target (a share of 1 scales nothing). */
export function isProrated(users: readonly Targeted[]): boolean {
  return users.some((user) => user.share !== undefined && user.share !== 1);
}

/** `600` → `60,0 %` (`en`: `60.0%`): tenths of a percent as the page shows them. */
export function toPercent(tenths: number, locale: 'de' | 'en' = 'de'): string {
  const sign = tenths < 0 ? '-' : '';
  const whole = String(Math.floor(Math.abs(tenths) / 10)).replace(/\B(?=(\d{3})+$)/g, locale === 'en' ? ',' : '.');
  const digit = Math.abs(tenths) % 10;
  return locale === 'en' ? `${sign}${whole}.${digit}%` : `${sign}${whole},${digit}\u00a0%`;
}

/** `50` → `5,0` (`en`: `5.0`): a difference of shares in percentage points, without the sign of a percent. */
export function toPointFigure(tenths: number, locale: 'de' | 'en' = 'de'): string {
  return toPercent(tenths, locale).replace(/\s?%$/u, '');
}

/**
 * The users as a page carries them (`page`: as contest/privacy.ts left them, row for row with `users`, as checked):
 * each one's effective target in the figure's unit and no employment share, which is the person's own; no target
 * where the figure is a volume the page does not publish (`published`), as target and share would tell the amount.
 * The rule says `prorated` where a share scaled a target. A contest without targets carries none of either.
 */
export function toPageTargets<C extends { users: readonly object[]; target?: TargetRule | undefined }>(
  page: C,
  users: readonly Targeted[],
  published: (at: number) => boolean,
): C {
  const rule = page.target;
  if (!rule && !users.some((user) => user.target !== undefined || user.share !== undefined)) return page;
  const shown = (at: number) => rule && (rule.figure === 'leadCount' || published(at));
  const carried = page.users.map((user, at) => {
    const { target: _target, share: _share, ...rest } = user as Targeted;
    const target = shown(at) ? toEffectiveTarget(users[at]!, rule!) : undefined;
    return target === undefined ? rest : { ...rest, target: toTargetFigure(target, rule!) };
  });
  const prorated = isProrated(users);
  return { ...page, users: carried, ...(rule && { target: { ...rule, ...(prorated && { prorated }) } }) };
}
