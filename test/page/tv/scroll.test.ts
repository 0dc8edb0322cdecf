// TV mode in happy-dom, frame by frame on a clock of the test's own; its layout is tested in Chromium
// (quality.test.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isTv, startTv } from '../../../src/page/tv/scroll.ts';
import { inWindow } from '../../helpers/dom.ts';

/** A page 1,000 px high showing a table 3,000 px long, whose frames run when the test says, at the time it says. */
function screen(reducedMotion = false) {
  const frames: ((now: number) => void)[] = [];
  const scrolls: number[] = [];
  return {
    scrolls,
    /** How many frames are waiting to run. */
    waiting: () => frames.length,
    /** Runs the waiting frame at `now` (ms). */
    frame: (now: number) => frames.splice(0).forEach((step) => step(now)),
    globals: {
      innerHeight: 1000,
      matchMedia: (query: string) => ({ matches: reducedMotion && query === '(prefers-reduced-motion: reduce)' }),
      requestAnimationFrame: (step: (now: number) => void) => frames.push(step),
      scrollTo: (_x: number, y: number) => scrolls.push(y),
    },
  };
}

/** Starts TV mode on `screen`'s page, with a table 2,000 px longer than the screen. */
function start(): void {
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: 3000 });
  startTv('Pausiert');
}

const tv = suite('isTv()');

tv('is ?tv or tv in the hash, alone or with other parameters', () => {
  const at = (url: string) => isTv(new URL(url) as unknown as Location);
  for (const url of ['https://x/?tv', 'https://x/#tv', 'https://x/?a=1&tv=1', 'https://x/#name=Anna&tv'])
    assert.ok(at(url), url);
  for (const url of ['https://x/', 'https://x/?tvx', 'https://x/#name=tv', 'https://x/tv']) assert.not.ok(at(url), url);
});

const mode = suite('startTv()');

mode('switches the page to the wall-screen layout, with the text of its pause badge', () => {
  const { globals } = screen();
  return inWindow('https://x/?tv', globals, () => {
    start();
    assert.ok(document.documentElement.classList.contains('tv'));
    assert.is(document.documentElement.dataset.paused, 'Pausiert');
  });
});

mode('waits 8 s at the top, scrolls 40 px a second to the bottom, waits 8 s there, and starts over', () => {
  const page = screen();
  return inWindow('https://x/?tv', page.globals, () => {
    start();
    for (const now of [0, 4000, 8000]) page.frame(now);
    assert.equal(page.scrolls, [], 'still at the top after 8 s');
    page.frame(9000);
    assert.equal(page.scrolls, [40], '40 px in the next second');
    page.frame(9500);
    assert.equal(page.scrolls, [40, 60]);
    page.frame(70_000); // long enough for 2,420 px more: it stops at the bottom, 2,000 px down
    assert.equal(page.scrolls, [40, 60, 2000]);
    for (const now of [74_000, 78_000]) page.frame(now);
    assert.equal(page.scrolls, [40, 60, 2000], 'still at the bottom after 8 s');
    page.frame(78_001);
    assert.equal(page.scrolls, [40, 60, 2000, 0], 'then back to the top');
    assert.is(page.waiting(), 1, 'and on, frame after frame');
  });
});

mode('pauses and resumes on Space or a click; other keys keep their use', () => {
  const page = screen();
  return inWindow('https://x/?tv', page.globals, (window) => {
    start();
    const root = document.documentElement;
    const press = (key: string) => {
      const event = new window.KeyboardEvent('keydown', { key, cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    for (const key of ['Tab', 'a', 'Enter', 'ArrowDown']) assert.not.ok(press(key), `${key} keeps its use`);
    assert.not.ok(root.classList.contains('paused'));
    assert.ok(press(' '), 'Space does not scroll the page as well');
    assert.ok(root.classList.contains('paused'));
    for (const now of [0, 10_000, 20_000]) page.frame(now);
    assert.equal(page.scrolls, [], 'paused, it does not move');
    press(' ');
    assert.not.ok(root.classList.contains('paused'));
    window.dispatchEvent(new window.MouseEvent('click'));
    assert.ok(root.classList.contains('paused'), 'a click pauses it');
    window.dispatchEvent(new window.MouseEvent('click'));
    assert.not.ok(root.classList.contains('paused'), 'and resumes it');
  });
});

mode('with reduced motion asked for: the layout, and nothing that moves or listens', () => {
  const page = screen(true);
  return inWindow('https://x/?tv', page.globals, (window) => {
    start();
    assert.ok(document.documentElement.classList.contains('tv'));
    assert.is(page.waiting(), 0, 'no frame asked for');
    window.dispatchEvent(new window.KeyboardEvent('keydown', { key: ' ', cancelable: true }));
    assert.not.ok(document.documentElement.classList.contains('paused'));
  });
});

mode(
  'tells a rotation after each pass: after the bottom pause, or after a table that fits the screen has shown',
  () => {
    const page = screen();
    return inWindow('https://x/?tv&next', page.globals, () => {
      const passes: number[] = [];
      Object.defineProperty(document.documentElement, 'scrollHeight', { value: 3000, configurable: true });
      startTv('Pausiert')(() => passes.push(page.scrolls.length));
      for (const now of [0, 8000, 9000, 70_000, 78_000]) page.frame(now);
      assert.equal(passes, [], 'not before the bottom pause has ended');
      page.frame(78_001);
      assert.equal(passes, [3], 'then, as it goes back to the top');
      Object.defineProperty(document.documentElement, 'scrollHeight', { value: 500 });
      for (const now of [80_000, 90_000, 94_001]) page.frame(now);
      assert.equal(passes, [3, 3], 'a table that fits: after its pause, and nothing scrolled');
    });
  },
);

mode('with reduced motion, a rotation changes contests every 20 s without scrolling, and Space pauses it', () => {
  const timers: (() => void)[] = [];
  const page = screen(true);
  const globals = { ...page.globals, setInterval: (tick: () => void) => timers.push(tick) };
  return inWindow('https://x/?tv&next', globals, (window) => {
    let passes = 0;
    start();
    assert.is(timers.length, 0, 'no timer without a rotation');
    startTv('Pausiert')(() => passes++);
    timers.forEach((tick) => tick());
    assert.is(passes, 1);
    window.dispatchEvent(new window.KeyboardEvent('keydown', { key: ' ', cancelable: true }));
    timers.forEach((tick) => tick());
    assert.is(passes, 1, 'paused');
    assert.equal(page.scrolls, [], 'nothing scrolls');
  });
});

tv.run();
mode.run();
