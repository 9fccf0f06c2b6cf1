import { createEinvoiceClient } from './einvoice.provider';
import { EinvoiceError } from './einvoice.types';
import { capitalYuan, splitTax } from './einvoice-pdf';
import { createEinvoiceSimulator, type EinvoiceSimulator } from './einvoice-sim';

let sim: EinvoiceSimulator;
let url: string;
beforeAll(async () => {
  sim = createEinvoiceSimulator({ delayMs: 10 });
  url = await sim.listen();
});
afterAll(() => sim.close());

const client = (appSecret = sim.appSecret) =>
  createEinvoiceClient({ baseUrl: url, appKey: sim.appKey, appSecret, publicUrl: 'http://127.0.0.1:9' });
const request = (requestNo: string) => ({
  requestNo,
  seller: { name: '销方', taxNo: '91370100MA3C000X1K', addressPhone: '地址 电话', bankAccount: '银行 账号' },
  buyer: { type: 'PERSONAL' as const, name: '张三', taxNo: null, email: null },
  items: [{ name: '培训费', amountFen: 12_000, taxRatePct: 6 }],
  remark: null,
});

test('amounts in capitals and the tax of a tax-included amount', () => {
  expect(capitalYuan(12_000)).toBe('壹佰贰拾圆整');
  expect(capitalYuan(10_005)).toBe('壹佰圆零伍分');
  expect(capitalYuan(1_010_000)).toBe('壹万零壹佰圆整');
  expect(capitalYuan(123_456_789)).toBe('壹佰贰拾叁万肆仟伍佰陆拾柒圆捌角玖分');
  expect(capitalYuan(50)).toBe('伍角');
  expect(capitalYuan(-12_000)).toBe('（负数）壹佰贰拾圆整');
  expect(splitTax(12_000, 6)).toEqual({ netFen: 11_321, taxFen: 679 });
  expect(splitTax(12_000, 0)).toEqual({ netFen: 12_000, taxFen: 0 });
});

/** The request's invoice once the simulator has issued it (polled: a loaded machine may be slow). */
async function issued(requestNo: string) {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const found = await client().query(requestNo);
    if (found?.state === 'ISSUED') return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${requestNo} not issued within 15 s`);
}

test('the simulator refuses a wrong signature; accepts once per request number; reverses; serves PDFs', async () => {
  // Long enough that the checks of an invoice still issuing run before it is issued, however slow the machine.
  sim.setDelay(3000);
  await expect(client('wrong-secret-0123456789').issue(request('R1'))).rejects.toMatchObject({
    code: 'BAD_SIGN',
  });
  const first = await client().issue(request('R2'));
  expect(first).toMatchObject({ state: 'ISSUING', kind: 'BLUE' });
  expect((await client().issue(request('R2'))).serialNo).toBe(first.serialNo);
  expect(await client().query('NOPE')).toBeNull();
  await expect(
    client().reverse({ requestNo: 'X1', originalSerialNo: first.serialNo, reason: 'r' }),
  ).rejects.toMatchObject({
    code: 'NOT_ISSUED',
  });
  expect(await issued('R2')).toMatchObject({
    state: 'ISSUED',
    invoiceNumber: expect.stringMatching(/^\d{20}$/),
  });
  const pdf = await client().pdf(first.serialNo);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const red = await client().reverse({ requestNo: 'X2', originalSerialNo: first.serialNo, reason: '退款' });
  expect(red).toMatchObject({ kind: 'RED', totalFen: -12_000 });
  await issued('X2');
  await expect(
    client().reverse({ requestNo: 'X3', originalSerialNo: first.serialNo, reason: '再' }),
  ).rejects.toBeInstanceOf(EinvoiceError);
});

test('an unconfigured client refuses without calling anyone', async () => {
  const none = createEinvoiceClient({ baseUrl: url, appKey: null, appSecret: null, publicUrl: null });
  expect(none.configured).toBe(false);
  await expect(none.issue(request('R9'))).rejects.toMatchObject({ code: 'not-configured' });
});
