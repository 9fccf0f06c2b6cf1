import type { Response } from 'superagent';

/** A supertest parser keeping the answer's raw bytes (`.buffer(true).parse(rawBody)`): media, files. */
export function rawBody(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
