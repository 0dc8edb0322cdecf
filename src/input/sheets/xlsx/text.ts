// A worksheet's text as the sweep reads it (one byte a character, UTF-8 undecoded) → the text a cell holds, decoded as
// SheetJS decodes it, so that a text reads the same from a cell (`t="str"`, `t="inlineStr"`) as from the shared texts:
// the five XML entities and numeric references, Excel's `_xHHHH_` escapes, CDATA kept as it is, then UTF-8.

const ENTITY = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const ESCAPE = /_x([\da-fA-F]{4})_/gi;
const ENTITIES: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&gt;': '>', '&lt;': '<', '&amp;': '&' };
const CDATA = '<![CDATA[';

/** XML text with its entities and `_xHHHH_` escapes decoded (a CDATA section as it is); `xlsx`: `\r\n` as `\n`. */
export function unescapeXml(text: string, xlsx = false): string {
  const out = unescapeRaw(text);
  return xlsx ? out.replace(/\r\n/g, '\n') : out;
}

function unescapeRaw(text: string): string {
  const at = text.indexOf(CDATA);
  if (at === -1)
    return text
      .replace(ENTITY, (entity: string, code?: string) => {
        if (ENTITIES[entity]) return ENTITIES[entity];
        return String.fromCharCode(parseInt(code!, entity.includes('x') ? 16 : 10)) || entity;
      })
      .replace(ESCAPE, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
  const end = text.indexOf(']]>');
  return unescapeRaw(text.slice(0, at)) + text.slice(at + CDATA.length, end) + unescapeRaw(text.slice(end + 3));
}

/** Bytes read one a character (latin1) → the UTF-8 text they hold. */
export function toUtf8(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A `t="str"` cell's `<v>` as bytes → its text, as SheetJS reads it (it decodes the entities before and after UTF-8). */
export function toFormulaText(value: string): string {
  return unescapeXml(toUtf8(unescapeXml(value)), true);
}

const FIRST_T = /^\s*<(?:\w+:)?t[^>]*>/;
const END_T = /<\/(?:\w+:)?t>/;
const RUN = /<(?:\w+:)?r\b[^<>]*>/;
const T = /<(?:\w+:)?t\b[^<>]*>([^<]*)<\/(?:\w+:)?t>/g;
const PHONETIC = /<(?:\w+:)?rPh\b[^<>]*>[\s\S]*?<\/(?:\w+:)?rPh>/g;
const TAG = /<[^<>]*>/g;

/**
 * What a text of the workbook holds (a shared one's `<si>…</si>`, a cell's `<is>…</is>`, their content as bytes), as
 * SheetJS reads one: its `<t>`, or its rich-text runs' `<t>`s joined (phonetic runs left out); none if it has neither.
 */
export function toRichText(content: string): string | undefined {
  if (!content) return '';
  if (FIRST_T.test(content))
    return unescapeXml(toUtf8(content.slice(content.indexOf('>') + 1).split(END_T)[0] ?? ''), true);
  if (!RUN.test(content)) return undefined;
  const runs = content.replace(PHONETIC, '').match(T) ?? [];
  return unescapeXml(toUtf8(runs.join('').replace(TAG, '')), true);
}
