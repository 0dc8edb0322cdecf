// JSON with source positions. JSON.parse does the fast, common work; this module's scanner runs only
// when there is a problem to place: where the syntax breaks, or where a value that failed validation sits.

export type Position = { line: number; column: number };
export type Key = string | number;

export class JsonSyntaxError extends Error {
  constructor(message: string, readonly position: Position) {
    super(message);
  }
}

/** Parses JSON text (a leading byte-order mark is allowed); a syntax error carries its line and column. */
export function parseJson(text: string): unknown {
  const body = stripBom(text);
  try {
    return JSON.parse(body);
  } catch {
    // JSON.parse's messages differ between Node versions and rarely name a line; find the place ourselves.
    const scanner = new Scanner(body);
    try {
      scanner.document();
    } catch (error) {
      // The scanner recurses per level of nesting; thousands of levels are no contest file.
      if (error instanceof RangeError) throw new JsonSyntaxError('invalid JSON, nested too deeply to find the place', { line: 1, column: 1 });
      throw error;
    }
    throw new JsonSyntaxError('invalid JSON', { line: 1, column: 1 }); // only if the two parsers disagree
  }
}

/** A place to find: the value at `path`, or with `key` the key naming it (for a key that should not be there). */
export type Target = { path: readonly Key[]; key?: boolean };

/**
 * Where each target starts, in one pass over the text however many targets there are; a target whose path
 * runs into a missing key resolves to the deepest value that exists. The text must be valid JSON.
 */
export function locateAll(text: string, targets: readonly Target[]): Position[] {
  if (targets.length === 0) return []; // the common case, a valid contest: no need to read it again
  const body = stripBom(text);
  type Node = { children: Map<Key, Node>; values: number[]; keys: number[] };
  const node = (): Node => ({ children: new Map(), values: [], keys: [] });
  const root = node();
  targets.forEach(({ path, key }, index) => {
    let at = root;
    for (const step of path) {
      let next = at.children.get(step);
      if (!next) at.children.set(step, (next = node()));
      at = next;
    }
    (key ? at.keys : at.values).push(index);
  });
  const offsets = new Array<number>(targets.length).fill(0);
  const scanner = new Scanner(body);
  // Every target first resolves to the deepest enclosing value found, then to its own place when reached.
  const visit = (at: Node, keyOffset: number | undefined) => {
    const offset = scanner.at;
    const claim = (n: Node) => {
      for (const index of n.values) offsets[index] = offset;
      for (const index of n.keys) offsets[index] = keyOffset ?? offset;
      for (const child of n.children.values()) claim(child);
    };
    claim(at);
    const char = body[scanner.at];
    if (at.children.size === 0) return scanner.skip();
    if (char === '{') {
      scanner.object((key, start) => {
        const child = at.children.get(key);
        if (child) visit(child, start);
        else scanner.skip();
      });
    } else if (char === '[') {
      scanner.array((index) => {
        const child = at.children.get(index);
        if (child) visit(child, undefined);
        else scanner.skip();
      });
    } else scanner.skip();
  };
  scanner.space();
  visit(root, undefined);
  return toPositions(body, offsets);
}

/** Where the value at `path` starts (see locateAll). */
export function locate(text: string, path: readonly Key[]): Position {
  return locateAll(text, [{ path }])[0]!;
}

/**
 * Keys that occur more than once in one object: JSON.parse keeps the last, silently losing the others.
 * Given what JSON.parse made of the text, a quick count settles the common case, no duplicates, first.
 */
export function findDuplicateKeys(text: string, parsed?: unknown): { path: Key[]; position: Position }[] {
  // Every key in the text ends in `"` and `:`; matches inside strings only add. Equal counts: nothing was lost.
  if (parsed !== undefined && (text.match(KEY_END)?.length ?? 0) === countKeys(parsed)) return [];
  const body = stripBom(text);
  // One frame per open object or array; key sets are reused per depth, so a large file makes no garbage.
  type Frame = { keys: Set<string> | undefined; expectKey: boolean; key: string; index: number };
  const frames: Frame[] = [];
  const sets: Set<string>[] = [];
  const found: { path: Key[]; offset: number }[] = [];
  const pathOf = (depth: number): Key[] => frames.slice(0, depth).map((frame) => (frame.keys ? frame.key : frame.index));
  let depth = 0;
  // The regex jumps over white space, numbers and literals to the next character that matters.
  const STRUCTURE = /["{}[\],]/g;
  for (let match = STRUCTURE.exec(body); match; match = STRUCTURE.exec(body)) {
    const i = match.index;
    const c = body.charCodeAt(i);
    if (c === 0x22) {
      let end = body.indexOf('"', i + 1);
      while (isEscaped(body, end)) end = body.indexOf('"', end + 1);
      const top = frames[depth - 1];
      if (top?.keys && top.expectKey) {
        const raw = body.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(body.slice(i, end + 1)) as string) : raw;
        if (top.keys.has(key)) found.push({ path: [...pathOf(depth - 1), key], offset: i });
        top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      STRUCTURE.lastIndex = end + 1;
    } else if (c === 0x7b || c === 0x5b) {
      const keys = c === 0x7b ? (sets[depth] ??= new Set()) : undefined;
      keys?.clear();
      const frame = (frames[depth] ??= { keys, expectKey: false, key: '', index: 0 });
      frame.keys = keys;
      frame.expectKey = c === 0x7b;
      frame.index = 0;
      depth += 1;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    } else {
      const top = frames[depth - 1]!;
      if (top.keys) top.expectKey = true;
      else top.index += 1;
    }
  }
  const positions = toPositions(body, found.map((f) => f.offset));
  return found.map((f, i) => ({ path: f.path, position: positions[i]! }));
}

const KEY_END = /"\s*:/g;

// Iterative: a file may nest deeper than the call stack reaches.
function countKeys(root: unknown): number {
  let count = 0;
  const pending = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) for (const item of value) pending.push(item);
    else
      for (const key in value) {
        count += 1;
        pending.push((value as Record<string, unknown>)[key]);
      }
  }
  return count;
}

function isEscaped(text: string, quote: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
  return backslashes % 2 === 1;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Line and column of each offset, in one sweep over the text. */
function toPositions(text: string, offsets: readonly number[]): Position[] {
  const order = offsets.map((offset, index) => ({ offset, index })).sort((a, b) => a.offset - b.offset);
  const positions = new Array<Position>(offsets.length);
  let line = 1;
  let lineStart = 0;
  let next = text.indexOf('\n');
  for (const { offset, index } of order) {
    while (next !== -1 && next < offset) {
      line += 1;
      lineStart = next + 1;
      next = text.indexOf('\n', next + 1);
    }
    positions[index] = { line, column: offset - lineStart + 1 };
  }
  return positions;
}

// Positions count from after a byte-order mark, which editors do not show.
function toPosition(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Scanner {
  at = 0;
  constructor(private readonly text: string) {}

  fail(message: string, offset = this.at): never {
    throw new JsonSyntaxError(message, toPosition(this.text, offset));
  }

  document(): void {
    this.space();
    this.value();
    this.space();
    if (this.at < this.text.length) this.fail(`unexpected ${this.describe()} after the end of the data`);
  }

  space(): void {
    const text = this.text;
    while (this.at < text.length) {
      const c = text.charCodeAt(this.at);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      this.at += 1;
    }
  }

  describe(): string {
    if (this.at >= this.text.length) return 'end of file';
    const char = this.text[this.at];
    return char === '"' ? 'a quote (missing comma?)' : `character ${JSON.stringify(char)}`;
  }

  value(): void {
    const char = this.text[this.at];
    if (char === '{') return this.object(() => this.value());
    if (char === '[') return this.array(() => this.value());
    if (char === '"') return void this.string();
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return this.number();
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return;
      }
    }
    if (char === "'") this.fail('strings must use double quotes (")');
    this.fail(`expected a value, found ${this.describe()}`);
  }

  /** Calls `member` with each key and the offset of that key, positioned at its value. */
  object(member: (key: string, keyOffset: number) => void): void {
    this.at += 1;
    this.space();
    if (this.text[this.at] === '}') {
      this.at += 1;
      return;
    }
    for (;;) {
      if (this.text[this.at] !== '"') {
        this.fail(this.text[this.at] === '}' ? 'trailing comma before "}"' : `expected a key in double quotes, found ${this.describe()}`);
      }
      const keyOffset = this.at;
      const key = this.string();
      this.space();
      if (this.text[this.at] !== ':') this.fail(`expected ":" after key ${JSON.stringify(key)}, found ${this.describe()}`);
      this.at += 1;
      this.space();
      member(key, keyOffset);
      this.space();
      const char = this.text[this.at];
      this.at += 1;
      if (char === '}') return;
      if (char !== ',') this.fail(`expected "," or "}" after a value, found ${this.describeAt(this.at - 1)}`, this.at - 1);
      this.space();
    }
  }

  array(item: (index: number) => void): void {
    this.at += 1;
    this.space();
    if (this.text[this.at] === ']') {
      this.at += 1;
      return;
    }
    for (let index = 0; ; index += 1) {
      if (this.text[this.at] === ']') this.fail('trailing comma before "]"');
      item(index);
      this.space();
      const char = this.text[this.at];
      this.at += 1;
      if (char === ']') return;
      if (char !== ',') this.fail(`expected "," or "]" after a value, found ${this.describeAt(this.at - 1)}`, this.at - 1);
      this.space();
    }
  }

  describeAt(offset: number): string {
    const saved = this.at;
    this.at = offset;
    const description = this.describe();
    this.at = saved;
    return description;
  }

  string(): string {
    const start = this.at;
    this.at += 1;
    const text = this.text;
    while (this.at < text.length) {
      const c = text.charCodeAt(this.at);
      if (c === 0x22) {
        this.at += 1;
        return JSON.parse(text.slice(start, this.at)) as string;
      }
      if (c === 0x5c) {
        const next = text[this.at + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(this.at + 2, this.at + 6))) this.fail('invalid \\u escape: expected four hex digits');
          this.at += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) this.fail(`invalid escape "\\${next ?? ''}" in a string`);
        this.at += 2;
        continue;
      }
      if (c < 0x20) this.fail(c === 0x0a ? 'line break inside a string (write \\n, or close the quote)' : 'control character inside a string');
      this.at += 1;
    }
    return this.fail('unterminated string: missing closing quote', start);
  }

  number(): void {
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (!match || match[0] === '-') this.fail(`invalid number`);
    this.at += match[0].length;
    const next = this.text[this.at];
    if (next !== undefined && /[0-9A-Za-z.+-]/.test(next)) this.fail(`invalid number`, this.at - match[0].length);
  }

  /** Moves past the value at the current offset, which is known to be valid JSON: no checks, no parsing. */
  skip(): void {
    const text = this.text;
    let depth = 0;
    do {
      const c = text.charCodeAt(this.at);
      if (c === 0x22) {
        let end = text.indexOf('"', this.at + 1);
        while (isEscaped(text, end)) end = text.indexOf('"', end + 1);
        this.at = end + 1;
      } else if (c === 0x7b || c === 0x5b) {
        depth += 1;
        this.at += 1;
      } else if (c === 0x7d || c === 0x5d) {
        depth -= 1;
        this.at += 1;
      } else if (depth === 0) {
        // A number or literal at the top of the skip: up to the next delimiter.
        while (this.at < text.length && !',}] \n\r\t'.includes(text[this.at]!)) this.at += 1;
      } else this.at += 1;
    } while (depth > 0 && this.at < text.length);
  }
}
