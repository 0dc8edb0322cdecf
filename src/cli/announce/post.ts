// Posting an announcement to a webhook: each try given up after `timeout`, tried again on a network error, a timeout,
// a 5xx or a 429, and the outcome in words that never name the address (a webhook's address is its secret).

/** How a post ended: posted, or why not, in words for the warning line. */
export type Posted = { posted: true } | { posted: false; why: string };

export type PostOptions = {
  /** Milliseconds each try may take. */
  timeout: number;
  /** Tries in all: the first and the retries. */
  tries?: number;
  /** Milliseconds before the first retry; the second waits twice as long. */
  pause?: number;
};

/** JSON `body` posted to `url`; never throws. */
export async function post(
  url: string,
  body: string,
  { timeout, tries = 3, pause = 500 }: PostOptions,
): Promise<Posted> {
  let why = '';
  let made = 0;
  while (made < tries) {
    if (made > 0) await new Promise((done) => setTimeout(done, pause * 2 ** (made - 1)));
    made += 1;
    const tried = await tryOnce(url, body, timeout);
    if (tried.posted) return tried;
    why = tried.why;
    if (!tried.again) break;
  }
  return { posted: false, why: made > 1 ? `${why} (${made} tries)` : why };
}

type Tried = { posted: true } | { posted: false; why: string; again: boolean };

async function tryOnce(url: string, body: string, timeout: number): Promise<Tried> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      redirect: 'manual', // a webhook that redirects is said to, not followed: its new address is no one's secret
      signal: AbortSignal.timeout(timeout),
    });
    await response.body?.cancel().catch(() => undefined); // the answer's text may quote the address: never read
    if (response.ok) return { posted: true };
    const again = response.status >= 500 || response.status === 429;
    return { posted: false, why: `the webhook answered ${response.status}`, again };
  } catch (error) {
    return { posted: false, why: toReason(error, timeout), again: true };
  }
}

/** A failed request in words: the timeout, or the system's error code; never the error's message, which names the host. */
function toReason(error: unknown, timeout: number): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `the webhook did not answer within ${timeout / 1000} s`;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? ` (${cause.code.replace(/[^\w-]/g, '')})` : '';
  return `cannot reach the webhook${code}`;
}
