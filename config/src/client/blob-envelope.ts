import type { RawResult } from './interpret-response';

/**
 * A download the server refused answers the JSON envelope instead of the file (HTTP 200, respCode -1).
 * Blob answers pass through unchecked (spec section 8), so a client reads a JSON blob back as an
 * ordinary answer first: the refusal is then shown like any other, and nobody saves the envelope as
 * a file. Any other answer is returned as is.
 */
export async function unwrapBlobEnvelope(raw: RawResult): Promise<RawResult> {
  const { data } = raw;
  if (raw.responseType !== 'blob' || !(data instanceof Blob) || !/^application\/json\b/.test(data.type))
    return raw;
  try {
    return { ...raw, data: JSON.parse(await data.text()), responseType: undefined };
  } catch {
    return raw;
  }
}
