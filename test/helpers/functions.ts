// A scan of TypeScript text for the architecture test: comments, strings and regular expressions blanked, and the
// functions it declares (with `function`, or as arrows assigned to a const) with their first and last line. It
// relies on prettier's layout (a function's body is indented deeper than its first line, and closes at its depth).
/**
 * The text with comments, strings, template literals and regular expressions blanked (newlines kept); with
 * `strings`, strings and template literals are kept as they are.
 */
export function toCode(text: string, { strings = false } = {}): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) if (out[i] !== '\n') out[i] = ' ';
  };
  const templates: number[] = []; // brace depth at each open `${`
  let depth = 0;
  let i = 0;
  let last = ''; // the last significant character outside strings and comments
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      blank(i, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2) + 2;
      blank(i, end);
      i = end;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      if (!strings) blank(i + 1, j);
      i = j + 1;
      last = c;
    } else if (c === '`' || (c === '}' && templates.at(-1) === depth)) {
      if (c === '}') templates.pop();
      let j = i + 1;
      while (j < text.length && text[j] !== '`' && !(text[j] === '$' && text[j + 1] === '{'))
        j += text[j] === '\\' ? 2 : 1;
      if (!strings) blank(i + 1, j);
      if (text[j] === '$') {
        templates.push(depth);
        i = j + 2;
      } else i = j + 1;
      last = '`';
    } else if (c === '/' && (last === '' || '(,=:[!&|?{};+-*%<>~^'.includes(last))) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && (inClass || text[j] !== '/') && text[j] !== '\n') {
        if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        j += text[j] === '\\' ? 2 : 1;
      }
      blank(i + 1, j);
      i = j + 1;
      last = '/';
    } else {
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      if (!/\s/.test(c)) last = c;
      i += 1;
    }
  }
  return out.join('');
}

const START =
  /^(\s*)(?:export\s+)?(?:default\s+)?(?:async\s+)?function\*?\s*([\w$]*)|^(\s*)(?:export\s+)?const\s+([\w$]+)(?:\s*:[^=]+)?\s*=\s*(?:async\s+)?(?:\(|[\w$]+\s*=>|function\b)/;

/** Each function declared with `function` or assigned to a const as an arrow: its name, first and last line (1-based). */
export function toFunctions(text: string): { name: string; first: number; last: number }[] {
  const lines = toCode(text).split('\n');
  const indent = (line: string) => line.length - line.trimStart().length;
  const found: { name: string; first: number; last: number }[] = [];
  lines.forEach((line, at) => {
    const match = START.exec(line);
    if (!match) return;
    const own = (match[1] ?? match[3])!.length;
    let end = at;
    for (let next = at + 1; next < lines.length; next += 1) {
      const text = lines[next]!;
      if (text.trim() === '') continue;
      if (indent(text) <= own) {
        if (!/^[}\])]/.test(text.trim())) break;
        end = next;
        // `): Promise<Baked> {` closes a signature and opens the body: the function goes on
        if (/(?:[{([]|=>)$/.test(text.trimEnd())) continue;
        break;
      }
      end = next;
    }
    const body = lines.slice(at, end + 1).join('\n');
    if (match[4] !== undefined && !/=>|function/.test(body)) return; // a const that is no function
    found.push({ name: match[2] ?? match[4]!, first: at + 1, last: end + 1 });
  });
  return found;
}
