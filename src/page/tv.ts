// TV / kiosk mode (?tv or #tv): a wall-screen layout, and a table longer than the screen scrolls by itself,
// pausing at the top and the bottom, then starting over. Space or a click pauses and resumes it; every other key
// keeps its use. With reduced motion asked for, nothing moves by itself.

const SPEED = 40; // pixels per second: readable from across a room
const PAUSE = 8000; // milliseconds at the top and at the bottom

/** `?tv`, or `tv` in the hash, which is read like a query string so that it combines: `#tv&name=Anna`. */
export function isTv(location: Location): boolean {
  return new URLSearchParams(location.search).has('tv') || new URLSearchParams(location.hash.slice(1)).has('tv');
}

/** Starts TV mode; `paused` is the text of the badge shown while the scrolling is paused (script.css). */
export function startTv(paused: string): void {
  const root = document.documentElement;
  root.classList.add('tv');
  root.dataset.paused = paused;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  // TV mode shows no control (script.css), so a click or Space is always meant for the scrolling.
  const toggle = (event: Event) => {
    if (event instanceof KeyboardEvent) {
      if (event.key !== ' ') return;
      event.preventDefault(); // Space would scroll the page as well
    }
    root.classList.toggle('paused');
  };
  addEventListener('keydown', toggle);
  addEventListener('click', toggle);
  let wait = PAUSE;
  let y = 0;
  let last: number | undefined;
  const step = (now: number) => {
    const elapsed = last === undefined ? 0 : now - last;
    last = now;
    const end = document.documentElement.scrollHeight - innerHeight;
    if (!root.classList.contains('paused') && end > 0) {
      if (wait > 0) wait -= elapsed;
      else if (y < end) {
        y = Math.min(end, y + (SPEED * elapsed) / 1000);
        scrollTo(0, y);
        if (y >= end) wait = PAUSE;
      } else {
        y = 0;
        scrollTo(0, 0);
        wait = PAUSE;
      }
    }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
