// Contests for the benchmark and the weight test: realistic names, the same every run.
import * as XLSX from '@e965/xlsx';

const FIRST = [
  'Sabine',
  'Mehmet',
  'Julia',
  'Thomas',
  'Anna-Lena',
  'Konstantin',
  'Katarzyna',
  'Lukas',
  'Fatma',
  'Jan',
  'Sophie',
  'Jürgen',
];
const LAST = [
  'Hoffmann',
  'Yılmaz',
  'Schneider',
  'Müller',
  'Weber',
  'von Brandenstein',
  'Nowak',
  'Becker',
  'Demir',
  'Schulz',
  'Wagner',
  'Größ',
];

/** A contest of `count` users, from a fixed linear congruential sequence started at `seed`. */
export function generate(count, seed = 1) {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const users = Array.from({ length: count }, (_, i) => ({
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(next() * LAST.length)]} ${i}`,
    leadCount: Math.floor(next() * 500),
    profit: next() < 0.05 ? null : Math.round(next() * 50000000) / 100,
  }));
  return {
    title: `Benchmark-Wettbewerb mit ${count} Vertrieblern`,
    heading: 'Die Besten fliegen nach Lissabon:',
    journey_date_text: 'vom 17. bis 20. Juni 2027',
    description: 'Gezählt werden alle Eigenleads und das Netto-Auftragsvolumen.',
    qualification_date_text: '01.01.2027 bis 31.03.2027',
    solo_winners: 10,
    // Random figures are in order of neither: the list's order stands, as an export from a CRM ranked by points.
    ranking: 'as given',
    users,
  };
}

/**
 * The contest's users as German Excel saves them ("CSV UTF-8"): a byte-order mark, `;`, CRLF, amounts such as
 * `412.850,50 €`, an empty cell for no profit. A contest naming this file bakes the same page as `generate`'s.
 */
/** The users as an Excel workbook (.xlsx) as Excel saves one: numbers as numbers, texts in the shared strings. */
export function toWorkbookBytes(users) {
  const rows = users.map((user) => [user.name, user.leadCount, user.profit]);
  const sheet = XLSX.utils.aoa_to_sheet([['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'], ...rows]);
  const book = XLSX.utils.book_new(sheet, 'Tabelle1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true });
}

export function toExcelCsv(users) {
  const amount = (profit) => {
    if (profit === null) return '';
    const [euros, cents] = Math.abs(profit).toFixed(2).split('.');
    return `${profit < 0 ? '-' : ''}${euros.replace(/\B(?=(\d{3})+$)/g, '.')},${cents} €`;
  };
  const rows = users.map((user) => `${user.name};${user.leadCount};${amount(user.profit)}`);
  return `\ufeffName;Anzahl Eigenleads;Summe Netto-Volumen AB\r\n${rows.join('\r\n')}\r\n`;
}

/**
 * `count` weekly Stands of the same people, oldest first, ending in `users`' own figures. Each person has a pace of
 * their own (some start strong, some finish strong; leads never fall), and each list is in ranking order, so that
 * places move from week to week as they do in a real contest.
 */
export function toStands(users, count) {
  let state = 7;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const paces = users.map(() => 0.5 + next() * 1.5);
  return Array.from({ length: count }, (_, week) => {
    const share = (week + 1) / count;
    return users
      .map((user, at) => {
        const part = share ** paces[at];
        return {
          name: user.name,
          leadCount: Math.floor(user.leadCount * part),
          profit: user.profit === null ? null : Math.round(user.profit * part * 100) / 100,
        };
      })
      .sort((a, b) => b.leadCount - a.leadCount || (b.profit ?? 0) - (a.profit ?? 0));
  });
}

/**
 * A history folder's files for the newest `count` of `weeks` (toStands), as Excel saves them: `[file name, text]`,
 * one a week, the newest dated 2027-03-25 whatever `count` is, so that folders of 1 and 12 Stands share their Stand.
 */
export function toHistoryFiles(weeks, count) {
  return weeks.slice(-count).map((users, at) => {
    const date = new Date(Date.UTC(2027, 0, 7 + 7 * (weeks.length - count + at))).toISOString().slice(0, 10);
    return [`${date}.csv`, toExcelCsv(users)];
  });
}
