// The system's Chromium, as the page bench and the Chromium tests launch it: headless, and quiet on a machine that
// reaches nothing but the npm registry (no sandbox in a container, no GPU, no updates or sync in the background).

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
