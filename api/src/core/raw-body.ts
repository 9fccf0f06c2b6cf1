/**
 * The raw bytes of a request body, for routes that must verify exactly what was sent (WeChat push
 * and payment notifications are signed over their bytes). Null when it is larger than `maxBytes`
 * (reading stops there).
 */
export async function readRawBody(stream: NodeJS.ReadableStream, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBytes) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
