import { unwrapBlobEnvelope } from './blob-envelope';
import { interpretResponse } from './interpret-response';

describe('unwrapBlobEnvelope', () => {
  it('reads a JSON blob back as the envelope, so a refused download is an error', async () => {
    const envelope = { respCode: -1, respDesc: '上架状态应为 ON 或 OFF', attribute: null };
    const raw = await unwrapBlobEnvelope({
      status: 200,
      data: new Blob([JSON.stringify(envelope)], { type: 'application/json; charset=utf-8' }),
      responseType: 'blob',
    });
    expect(interpretResponse(raw)).toEqual({ kind: 'error', code: -1, message: '上架状态应为 ON 或 OFF' });
  });

  it('leaves a file blob alone', async () => {
    const file = new Blob(['PK'], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const raw = { status: 200, data: file, responseType: 'blob' };
    expect(await unwrapBlobEnvelope(raw)).toBe(raw);
  });

  it('leaves a JSON blob that does not parse alone', async () => {
    const raw = {
      status: 200,
      data: new Blob(['{broken'], { type: 'application/json' }),
      responseType: 'blob',
    };
    expect(await unwrapBlobEnvelope(raw)).toBe(raw);
  });
});
