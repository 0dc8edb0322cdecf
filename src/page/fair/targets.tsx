// Targets on the page (contest "target"): the column of the share of one's target reached, its bar, and what the
// rule line and the search panel say of targets. The sums are contest/fair/targets.ts's; this module only shows them.
// Only a fair contest's page script holds it: every other takes page/fair/no-targets.ts (scripts/bundles.js).
import * as React from 'react';
import { toPointFigure, toReached, toPercent, type TargetRule } from '../../contest/fair/targets.ts';
import { toCents, toCount, toEuro, toMoney } from '../../contest/numbers.ts';
import type { Figures, Rules } from '../../contest/ranking.ts';
import { fill, plural, type Locale, type Messages } from '../messages.ts';

/** The column's title, on a page that shows targets. */
export function TargetHead({ rule, t }: { rule: TargetRule | undefined; t: Messages }) {
  return rule && t.fair?.targets ? <th scope="col">{t.fair.targets.column}</th> : null;
}

/**
 * A row's share of its target reached, `60,0 %`, and a bar toward 100 % beside it: a `<meter>` (the page's CSP
 * allows no style attribute), decoration only, as the text says it. A dash where the figure is not published.
 */
export function TargetCell({ user, rule, t }: { user: Figures; rule: TargetRule | undefined; t: Messages }) {
  return rule ? <ShareCell tenths={toReached(user, rule)?.tenths} t={t} /> : null;
}

/** A share of a target reached (a person's or a team's), in tenths of a percent, as TargetCell shows it; none: a dash. */
export function ShareCell({ tenths, t }: { tenths: number | undefined; t: Messages }) {
  if (tenths === undefined)
    return (
      <td>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{t.notPublished}</span>
      </td>
    );
  return (
    <td>
      {toPercent(tenths)}
      <meter aria-hidden="true" max={1000} value={Math.min(Math.max(tenths, 0), 1000)} />
    </td>
  );
}

/** The rule line's words for ranking by target: `Anteil am persönlichen Ziel (Netto-Volumen)`. */
export function toTargetWords(rules: Rules, t: Messages): string | undefined {
  const words = t.fair?.targets;
  return rules.target && words && t.rules ? fill(words.by, { figure: t.rules[rules.target.figure] }) : undefined;
}

/** `Ziele nach Beschäftigungsgrad anteilig.` on a page whose targets are scaled by employment shares. */
export function toProratedLine(rules: Rules, t: Messages): string | undefined {
  return rules.target?.prorated ? t.fair?.targets?.prorated : undefined;
}

/** `5,0 Prozentpunkte`: a distance in the share of one's target, in tenths of a percent. */
export function toPoints(tenths: number, t: Messages, locale: Locale): string {
  const words = t.fair?.targets;
  return words ? fill(words.points, { n: toPointFigure(tenths, locale) }) : '';
}

/** The search panel's `Bis 100 % des Ziels fehlen 1.200,00 € (40,0 %)`; nothing at or past it, or without a figure. */
export function toTargetStanding(user: Figures, rules: Rules, t: Messages, locale: Locale): string | undefined {
  const words = t.fair?.targets;
  const reached = rules.target && toReached(user, rules.target);
  if (!reached || !words || reached.tenths >= 1000) return undefined;
  const what =
    rules.target!.figure === 'profit'
      ? toMoney(toEuro(reached.target - toCents(user.profit)), locale)
      : ((n) => plural(t.gapLeads, n, { n: toCount(n, locale) }))(Math.ceil(reached.target - user.leadCount));
  return fill(words.toTarget, { what, percent: toPercent(1000 - reached.tenths, locale) });
}
