// TV / kiosk mode (?tv or #tv): a wall-screen layout, and a table longer than the screen scrolls by itself,
// pausing at the top and the bottom, then starting over. A key press or a click pauses and resumes it.

const SPEED = 40; // pixels per second: readable from across a room
const PAUSE = 8000; // milliseconds at the top and at the bottom

export function isTv(location: Location): boolean {
  return new URLSearchParams(location.search).has('tv') || location.hash === '#tv';
}

export function startTv(): void {
  document.documentElement.classList.add('tv');
  let paused = false;
  const toggle = () => {
    paused = !paused;
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
    if (!paused && end > 0) {
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
