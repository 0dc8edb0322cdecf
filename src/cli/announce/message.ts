// What podium announce loads only when it has a contest to announce (lib/announce.cjs, scripts/bundles.js): the moments,
// their words, each format, and the post. Pure but for the post; no class the CLI tells apart by instanceof.
export { toAnnouncement, type Announced } from './moments.ts';
export { toSaid } from './words.ts';
export { toHtml, toSlack, toTeams, toText } from './formats.ts';
export { post } from './post.ts';
