/**
 * Reads one cookie of a cookie string such as `document.cookie`; undefined when it is not set or empty.
 * A value that is not valid percent-encoding is returned as it stands. Never throws.
 */
export function getCookie(name: string, cookieString: string): string | undefined {
  for (const pair of cookieString.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const raw = pair.slice(separator + 1).trim();
    if (!raw) return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}
