// Contests for the benchmark and the weight test: realistic names, the same every run.

const FIRST = ['Sabine', 'Mehmet', 'Julia', 'Thomas', 'Anna-Lena', 'Konstantin', 'Katarzyna', 'Lukas', 'Fatma', 'Jan', 'Sophie', 'Jürgen'];
const LAST = ['Hoffmann', 'Yılmaz', 'Schneider', 'Müller', 'Weber', 'von Brandenstein', 'Nowak', 'Becker', 'Demir', 'Schulz', 'Wagner', 'Größ'];

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
    users,
  };
}
