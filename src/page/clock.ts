// Time in words, relative to the moment the page is viewed: how long is left, and how old the figures are; and
// `Later`, what renders them. Only the browser says these, after hydration: baked into the page they would be wrong
// the next day.
import * as React from 'react';
import { plural, type Messages } from './messages.ts';

/** Days, hours, minutes in milliseconds: the units of the catalogues' `left` and `ago`, in that order. */
const UNITS = [86_400_000, 3_600_000, 60_000] as const;

/** `Noch 12 Tage`, `Noch 5 Stunden`, `Noch 1 Minute` (never 0), or `Wettbewerb beendet` once `end` has passed. */
export function toTimeLeft(end: number, now: number, t: Messages): string {
  return end > now ? toSpan(t.left, end - now) : t.ended;
}

/**
 * `gerade eben`, `vor 3 Minuten`, `vor 1 Stunde`, `vor 2 Tagen`: how long ago `then` was; undefined when it is
 * more than a minute ahead of this device's clock, which then cannot say anything true about it.
 */
export function toAge(then: number, now: number, t: Messages): string | undefined {
  const age = now - then;
  return age < -UNITS[2] ? undefined : age < UNITS[2] ? t.justNow : toSpan(t.ago, age);
}

/** `span` in whole units of the largest unit it reaches (at least 1 minute), in the unit's `[one, many]` words. */
export function toSpan(words: readonly (readonly string[])[], span: number): string {
  let unit = UNITS.findIndex((size) => span >= size);
  if (unit < 0) unit = 2; // under a minute left: "1 Minute"
  return plural(words[unit] ?? [], Math.max(1, Math.floor(span / UNITS[unit]!)));
}

/**
 * What `children` renders for the time now, from the first render after hydration on, every minute; nothing on
 * the server, so that hydration finds exactly the baked markup.
 */
export function Later({ children }: { children: (now: number) => React.ReactNode }) {
  const [now, setNow] = React.useState<number>();
  React.useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 60_000);
    return () => clearInterval(timer);
  }, []);
  return now === undefined ? null : children(now);
}
