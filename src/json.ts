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
    scanner.document();
    throw new JsonSyntaxError('invalid JSON', { line: 1, column: 1 }); // only if the two parsers disagree
  }
}

/**
 * Where the value at `path` starts; for a path whose last key is missing, where the enclosing value starts.
 * The text must be valid JSON.
 */
export function locate(text: string, path: readonly Key[]): Position {
  const body = stripBom(text);
  const scanner = new Scanner(body);
  scanner.space();
  let offset = scanner.at;
  for (const key of path) {
    const found = scanner.enter(key);
    if (found === undefined) break;
    offset = found;
  }
  return toPosition(body, offset);
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
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

  // Calls `member` for each value; returns early when it returns true (used by enter()).
  object(member: (key: string) => boolean | void): void {
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
      const key = this.string();
      this.space();
      if (this.text[this.at] !== ':') this.fail(`expected ":" after key ${JSON.stringify(key)}, found ${this.describe()}`);
      this.at += 1;
      this.space();
      if (member(key) === true) return;
      this.space();
      const char = this.text[this.at];
      this.at += 1;
      if (char === '}') return;
      if (char !== ',') this.fail(`expected "," or "}" after a value, found ${this.describeAt(this.at - 1)}`, this.at - 1);
      this.space();
    }
  }

  array(item: (index: number) => boolean | void): void {
    this.at += 1;
    this.space();
    if (this.text[this.at] === ']') {
      this.at += 1;
      return;
    }
    for (let index = 0; ; index += 1) {
      if (this.text[this.at] === ']') this.fail('trailing comma before "]"');
      if (item(index) === true) return;
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

  /** Moves to the value of `key` inside the value at the current offset; returns its offset, or undefined. */
  enter(key: Key): number | undefined {
    const char = this.text[this.at];
    let found: number | undefined;
    const visit = (k: Key) => {
      if (k === key) {
        found = this.at;
        return true;
      }
      this.value();
      return false;
    };
    if (char === '{' && typeof key === 'string') {
      // The last occurrence wins, as in JSON.parse; keep scanning past earlier duplicates.
      let last: number | undefined;
      this.object((k) => {
        if (k === key) last = this.at;
        this.value();
      });
      if (last !== undefined) this.at = last;
      return last;
    }
    if (char === '[' && typeof key === 'number') this.array(visit);
    return found;
  }
}
