// Names and texts from contest files in GitHub's step summary (Markdown) and annotations: shown as the literal text
// they are, never a link, a mention, math, emphasis, HTML, a table cell or a line of their own.
import { toPrintable } from '../errors.ts';

/** Invisible and no line break: between two characters, it ends what GitHub would link or mention. */
const JOINER = '\u2060';
/** Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko …, their presentation forms, and the SMP's). */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/**
 * A name beside other text, isolated (FSI … PDI) where it holds right-to-left letters, so that it turns nothing
 * around it (`Lea +12` stays in that order). Bidi controls are escaped before (toPrintable).
 */
export function toIsolated(name: string): string {
  return RTL.test(name) ? `\u2068${name}\u2069` : name;
}

/**
 * Text with a joiner where GitHub (or a GFM renderer's linkify) would make a link or a mention of it: around `@`
 * (mentions, e-mail addresses), before `://` and between its slashes, in `www.` and between a word and a domain's
 * dot, after `#` and `GH-` before digits (issues), after `:` before a word (emoji such as `:smile:`). The visible text
 * is unchanged.
 */
export function toUnlinked(text: string): string {
  return text
    .replace(/@/g, `${JOINER}@${JOINER}`)
    .replace(/:(?=\/\/)/g, `${JOINER}:`)
    .replace(/\/(?=\/)/g, `/${JOINER}`)
    .replace(/(?<=[\p{L}\p{N}])\.(?=\p{L})/gu, `${JOINER}.`)
    .replace(/(?<=\bgh)-(?=\d)|#(?=\d)/gi, `$&${JOINER}`)
    .replace(/:(?=[\w+-])/g, `:${JOINER}`);
}

/**
 * Text that GitHub's Markdown shows as written: control characters as `\n` (toPrintable), no link or mention
 * (toUnlinked), every ASCII punctuation escaped (CommonMark: a backslash makes any of them literal), and `$` in a
 * span, as GitHub's docs say for a dollar sign that must not start math.
 */
export function toMarkdown(text: string): string {
  return toUnlinked(toPrintable(text)).replace(/[!-/:-@[-`{-~]/g, (char) =>
    char === '$' ? '<span>$</span>' : `\\${char}`,
  );
}
