// The script of a folder's overview baked with --refresh (no other overview has one): a wall screen opened on the
// overview (`index.html?tv`, `?tv&all` for finished contests too) goes on to the first running contest its list
// links that can be fetched whole, in the rotation (`?tv&next`), which that page carries on (live.ts). Until one can
// be fetched it stays on the overview and tries again, sooner at first (30 s, doubling up to the interval). Anywhere
// else the overview reloads itself, as a meta refresh did.
import { fetchPage } from './fetched.ts';
import { findNext } from './rotation.ts';
import { hasParam, isTv } from './scroll.ts';

const RETRY = 30_000;
const interval = Number(document.documentElement.dataset.refresh) * 1000;

if (interval > 0) {
  if (isTv(location) && /^https?:$/.test(location.protocol)) void begin(0);
  else setTimeout(() => location.reload(), interval);
}

async function begin(failures: number): Promise<void> {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('ul.contests h2 > a')].map((link) => link.href);
  const next = await findNext(location.href, links, fetchPage, hasParam(location, 'all'));
  if (!next) return void setTimeout(() => begin(failures + 1), Math.min(RETRY * 2 ** failures, interval));
  const params = new URLSearchParams(location.search);
  for (const name of ['tv', 'next']) params.set(name, '');
  // The fetch just now showed the page is there and whole: only now is leaving this one safe.
  location.replace(`${next.url}?${params.toString().replace(/=(?=&|$)/g, '')}`);
}
