// TV / kiosk mode (?tv or #tv): a wall-screen layout, and a table longer than the screen scrolls by itself,
// pausing at the top and the bottom, then starting over. Space or a click pauses and resumes it (and a rotation's
// change of contest); every other key keeps its use. With reduced motion asked for, nothing scrolls by itself.

const SPEED = 40; // pixels per second: readable from across a room
const PAUSE = 8000; // milliseconds at the top and at the bottom
const STILL = 20_000; // with reduced motion, how long a rotation shows each contest (it does not scroll)

/** `?tv`, or `tv` in the hash, which is read like a query string so that it combines: `#tv&name=Anna`. */
export function isTv(location: Location): boolean {
  return hasParam(location, 'tv');
}

/** Whether the address's query or its hash (read as a query) has `name`: `?tv&next`, `#tv&all`. */
export function hasParam(location: Location, name: string): boolean {
  return new URLSearchParams(location.search).has(name) || new URLSearchParams(location.hash.slice(1)).has(name);
}

/**
 * Starts TV mode; `paused` is the text of the badge shown while the scrolling is paused (script.css). Returns how to
 * register what happens after each pass over the table (a rotation's next contest).
 */
export function startTv(paused: string): (onPass: () => void) => void {
  const root = document.documentElement;
  root.classList.add('tv');
  root.dataset.paused = paused;
  const isPaused = () => root.classList.contains('paused');
  // TV mode shows no control (script.css), so a click or Space is always meant for the scrolling.
  const listen = () => {
    const toggle = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== ' ') return;
        event.preventDefault(); // Space would scroll the page as well
      }
      root.classList.toggle('paused');
    };
    addEventListener('keydown', toggle);
    addEventListener('click', toggle);
  };
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
    // Nothing moves by itself, but a rotation changes what the screen shows: that too must pause (WCAG 2.2.2).
    return (onPass) => {
      listen();
      setInterval(() => isPaused() || onPass(), STILL);
    };
  }
  listen();
  let onPass: (() => void) | undefined;
  let wait = PAUSE;
  let y = 0;
  let last: number | undefined;
  const step = (now: number) => {
    const elapsed = last === undefined ? 0 : now - last;
    last = now;
    // Paused, nothing is measured: a layout of a long table every frame would cost a wall screen for nothing.
    const end = isPaused() ? 0 : document.documentElement.scrollHeight - innerHeight;
    if (!isPaused() && (end > 0 || onPass)) {
      if (wait > 0) wait -= elapsed;
      else if (y < end) {
        y = Math.min(end, y + (SPEED * elapsed) / 1000);
        scrollTo(0, y);
        if (y >= end) wait = PAUSE;
      } else {
        y = 0;
        if (end > 0) scrollTo(0, 0);
        wait = end > 0 ? PAUSE : 2 * PAUSE; // a table that fits the screen shows as long as a top and a bottom pause
        onPass?.();
      }
    }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
  return (next) => void (onPass = next);
}
