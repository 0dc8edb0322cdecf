import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { detectDelimiter, toPlaces, toPositions, toRows, type Delimiter } from '../../../src/input/sheets/csv.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const rowsOf = (text: string, delimiter: Delimiter = ';') => {
  const read = toRows(bytes(text), delimiter);
  if (!('rows' in read)) throw new Error(`not read: ${JSON.stringify(read)}`);
  return read.rows;
};

/** `line:column` where `needle` starts in `text`, counted by hand: an oracle independent of the sweep over bytes. */
const where = (text: string, needle: string, from = 0) => {
  const offset = text.indexOf(needle, from);
  if (offset === -1) throw new Error(`${needle} is not in the text`);
  const lines = text.slice(0, offset).split(/\r\n|\n|\r/);
  return { line: lines.length, column: [...lines.at(-1)!].reduce((units, char) => units + char.length, 0) + 1 };
};

const delimiter = suite('detectDelimiter()');

delimiter('takes the delimiter that splits the header row into the most cells', () => {
  assert.is(detectDelimiter(bytes('Name;Anzahl Eigenleads;Summe Netto-Volumen AB\r\nA, B;1;2')), ';');
  assert.is(detectDelimiter(bytes('name,leadCount,profit\n"Müller; Jörg",1,2')), ',');
  assert.is(detectDelimiter(bytes('name\tleadCount\tprofit, in €\n')), '\t');
  assert.is(
    detectDelimiter(bytes('"Name, Vorname";Eigenleads\n')),
    ';',
    'a delimiter inside a quoted title does not count',
  );
  assert.is(detectDelimiter(bytes('\r\n\r\nname,leadCount\n')), ',', 'blank lines before the header');
});

delimiter('takes the delimiter under which a row names the most columns podium reads, not a title above it', () => {
  // What loadSheet() hands over: how many of podium's titles a row names.
  const named = (cells: readonly string[]) =>
    cells.filter((cell) => ['name', 'anzahl eigenleads', 'umsatz'].includes(cell.trim().toLowerCase())).length;
  const report = 'Umsatzbericht, Stand 31.03.2027\r\n\r\nName;Anzahl Eigenleads;Umsatz\r\nJörg;1;1.234,50\r\n';
  assert.is(detectDelimiter(bytes(report)), ',', 'by the first row alone, the title decides');
  assert.is(detectDelimiter(bytes(report), named), ';');
  assert.is(detectDelimiter(bytes('Bericht; Stand 31.03.2027\nname,leadCount,Umsatz\nA,1,2\n'), named), ',');
  assert.is(detectDelimiter(bytes('Stand: 31.03.2027\nName\tAnzahl Eigenleads\nA\t1\n'), named), '\t');
  // "Name, Vorname" names "name" split at its comma; the row split at ";" names two columns.
  assert.is(detectDelimiter(bytes('Name, Vorname;Anzahl Eigenleads;Umsatz\n'), named), ';');
  // A quote the wrong delimiter opens and never closes: the rows before it still count.
  assert.is(detectDelimiter(bytes('Bericht, 2027\nName;Umsatz\nA;"x\n'), named), ';');
  assert.is(
    detectDelimiter(bytes('Region;Team\nNord;A\n'), named),
    ';',
    'no row names a column: the first row decides',
  );
});

delimiter('reads only the first hundred rows of each reading', () => {
  const seen: number[] = [];
  const named = (cells: readonly string[]) => (seen.push(cells.length), 0);
  detectDelimiter(bytes(`Name;Umsatz\n${'A;1\n'.repeat(10_000)}`), named);
  assert.is(seen.length, 300);
});

const rows = suite('toRows()');

rows('reads quoted cells with delimiters, quotes and line breaks inside', () => {
  assert.equal(rowsOf('name,leadCount\n"Müller, Jörg",1\n"Anna ""Ann"" Meier",2\n"zwei\r\nZeilen",3\n', ','), [
    ['name', 'leadCount'],
    ['Müller, Jörg', '1'],
    ['Anna "Ann" Meier', '2'],
    ['zwei\r\nZeilen', '3'],
  ]);
});

rows('reads CRLF, LF and CR line ends, mixed, and a last line without one; skips blank lines', () => {
  const expected = [
    ['a', 'b'],
    ['1', '2'],
    ['3', '4'],
    ['5', '6'],
    ['7', '8'],
  ];
  assert.equal(rowsOf('a;b\r\n1;2\r\n\r\n3;4\n\n5;6\r7;8'), expected);
  assert.equal(rowsOf('a;b\r\n1;2\r\n3;4\r\n5;6\r\n7;8\r\n\r\n'), expected);
});

rows('keeps a quote inside an unquoted cell, as spreadsheets read it', () => {
  assert.equal(rowsOf('name;x\nAnna "Ann" Meier;1\n"Anna" Meier;2'), [
    ['name', 'x'],
    ['Anna "Ann" Meier', '1'],
    ['"Anna" Meier', '2'],
  ]);
});

rows('keeps rows of any length and empty cells', () => {
  assert.equal(rowsOf('a;b;c\n1\n;;\n1;2;3;4'), [['a', 'b', 'c'], ['1'], ['', '', ''], ['1', '2', '3', '4']]);
});

rows('places a quote that is never closed at the cell it opens', () => {
  const first = 'Name;Anzahl\r\n"Müller\r\nJörg";3\r\n\r\nBen;"4;5\r\nCarl;6\r\n';
  assert.equal(toRows(bytes(first), ';'), { unclosed: where(first, '"4') });
  const second = 'Name;Anzahl\n"Jörg;3\n';
  assert.equal(toRows(bytes(second), ';'), { unclosed: where(second, '"Jörg') });
});

rows('reads the header apart from the rows, the same cells whatever its width or shape', () => {
  assert.equal(rowsOf('Name;Anzahl;;;;\r\nAnna;1\r\n\r\nBen;2;x'), [
    ['Name', 'Anzahl', '', '', '', ''],
    ['Anna', '1'],
    ['Ben', '2', 'x'],
  ]);
  assert.equal(rowsOf('\n\n"Na\nme";Anzahl\rAnna;1'), [
    ['Na\nme', 'Anzahl'],
    ['Anna', '1'],
  ]);
  assert.equal(rowsOf('Name;Anzahl'), [['Name', 'Anzahl']]);
  assert.equal(rowsOf(''), []);
});

const places = suite('toPlaces()');

places('places each cell where it starts: after multi-line cells, blank lines, BMP and astral characters', () => {
  const text = '\r\nName;Notiz;Anzahl\r\n"Jörg ""J""";"zwei\r\nZeilen";3\r\n\r\n😀 李;;\r\nZoë;x;"12,5"';
  const at = toPlaces(bytes(text), ';', Infinity);
  assert.equal(at(0, 0), where(text, 'Name'));
  assert.equal(at(0, 2), where(text, 'Anzahl'));
  assert.equal(at(1, 0), where(text, '"Jörg'));
  assert.equal(at(1, 1), where(text, '"zwei'));
  assert.equal(at(1, 2), where(text, '3'));
  assert.equal(at(2, 0), where(text, '😀'));
  const empty = where(text, ';;');
  assert.equal(at(2, 1), { ...empty, column: empty.column + 1 });
  assert.equal(at(3, 2), where(text, '"12,5"'));
});

places('places a cell missing from a short row at the end of that row', () => {
  const text = 'Name;Anzahl;Summe\nBen\nCarl;1;2\n';
  assert.equal(toPlaces(bytes(text), ';', Infinity)(1, 1), where(text, '\nCarl'));
});

places('places cells asked in any order: back within a row, back to an earlier row, forward again', () => {
  const text = 'Summe;Name;Anzahl\r\n1,5;Änne;q\r\n"2\n";😀 Ben;w\r\n3;Carl;v';
  const at = toPlaces(bytes(text), ';', Infinity);
  const asked: [number, number, string][] = [
    [3, 2, 'v'],
    [3, 0, '3;'],
    [1, 2, 'q'],
    [1, 0, '1,5'],
    [2, 1, '😀'],
    [2, 2, 'w'],
    [0, 1, 'Name'],
    [3, 1, 'Carl'],
  ];
  for (const [row, column, needle] of asked) assert.equal(at(row, column), where(text, needle), `${row}:${column}`);
});

const positions = suite('toPositions()');

positions('counts lines at LF, CRLF and CR, and columns in UTF-16 units as editors do', () => {
  const text = 'ä\r\n😀x\ry\nz';
  const utf8 = bytes(text);
  const offsets = ['x', 'y', 'z', 'ä'].map((char) => utf8.indexOf(char));
  assert.equal(toPositions(utf8, offsets), [where(text, 'x'), where(text, 'y'), where(text, 'z'), where(text, 'ä')]);
  assert.equal(where(text, 'x'), { line: 2, column: 3 });
});

delimiter.run();
rows.run();
places.run();
positions.run();
