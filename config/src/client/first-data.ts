/**
 * The first data of a page (issue 29, first paint on a phone): answers of the calls a page's first
 * render makes, computed by the server that sends the page's HTML and embedded in it as
 * `<script id="px-first-data" type="application/json">`, so the page renders its first screen
 * without waiting for those calls. The client takes each answer once, for the very call and input
 * it was computed for (`firstDataKey`), and calls the server for anything else (and when the page
 * carries no first data at all).
 *
 * Only answers that depend on nothing but the request's project are embedded: `public` ones (the
 * project's settings) hold for every visitor; `anonymous` ones (the class centre's years and first
 * page, which a signed-in caller gets from their own project) only while the client has no session.
 */

/** The id of the `<script type="application/json">` element that carries the first data. */
export const FIRST_DATA_ELEMENT_ID = 'px-first-data';

/** The answers embedded in a page, by `firstDataKey`. */
export interface FirstData {
  /** Answers that are the same for every visitor of the request's project. */
  public: Record<string, unknown>;
  /** Answers for a visitor without a session only. */
  anonymous: Record<string, unknown>;
}

/**
 * The key of a call's answer: `group/name` and its input as JSON with the fields in name order and
 * `undefined` fields left out, so the order the caller wrote them in does not matter. For the flat
 * inputs of the calls a page starts with (a nested object would keep only fields of those names).
 */
export function firstDataKey(call: string, input: unknown): string {
  const fields = (input ?? {}) as object;
  return `${call} ${JSON.stringify(fields, Object.keys(fields).sort())}`;
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The first data as JSON safe to put between `<script type="application/json">` and `</script>`:
 * `<`, `>` and `&` (so no `</script>` or `<!--` can end or change the element) and the line
 * separators U+2028 and U+2029 are written as JSON escapes, which `JSON.parse` reads back as they were.
 */
export function firstDataJson(data: FirstData): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => UNSAFE_IN_SCRIPT[char] ?? char);
}

/** Takes one embedded answer for a call (see `ApiClientOptions.firstAnswer`). */
export type FirstAnswerTaker = (
  call: string,
  input: unknown,
  signedIn: boolean,
) => { value: unknown } | undefined;

/**
 * The taker of a page's first data, read (once, on the first call) from `read()`, the element's
 * text (null when the page has none). Each answer is taken once: a later call with the same input
 * (a refresh, a retry) goes to the server. Unreadable first data is ignored. (Kept small: it is in
 * the H5's first download.)
 */
export function firstAnswers(read: () => string | null | undefined): FirstAnswerTaker {
  let data: Partial<FirstData> | null | undefined;
  return (call, input, signedIn) => {
    if (data === undefined)
      try {
        data = JSON.parse(read() || 'null');
      } catch {
        data = null;
      }
    const key = firstDataKey(call, input);
    for (const table of [data?.public, signedIn ? undefined : data?.anonymous])
      if (table && Object.hasOwn(table, key)) {
        const value = table[key];
        delete table[key];
        return { value };
      }
    // A signed-in caller's answer comes from their own project: the visitor's is never taken later.
    if (data?.anonymous) delete data.anonymous[key];
    return undefined;
  };
}
