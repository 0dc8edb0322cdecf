// The search in the page's address: the hash, read like a query string, so that it combines with TV mode
// (`#tv&name=Anna`), and read as the tools that write such links encode it.

/**
 * The `name` in a hash: `#tv&name=Thomas+M%C3%BCller` → `Thomas Müller`; empty without one. `+` is a space, and
 * bytes that are not UTF-8 are Latin-1, as older tools and Windows encode a link (`M%FCller` → `Müller`, not `M�ller`).
 */
export function readName(hash: string): string {
  const value = /(?:^#?|&)name=([^&]*)/.exec(hash)?.[1] ?? '';
  // Each run of %-escapes is UTF-8 if it can be; decodeURIComponent refuses other bytes, unescape reads them as
  // Latin-1.
  return value.replace(/\+/g, ' ').replace(/(%[\da-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return unescape(run);
    }
  });
}
