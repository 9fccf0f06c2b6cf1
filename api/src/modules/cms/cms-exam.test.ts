import ExcelJS from 'exceljs';
import type {
  CmsAutoAssignAnswer,
  CmsBatchOption,
  CmsBatchRow,
  CmsCandidateRow,
  CmsIssueTicketsAnswer,
  CmsSittingRow,
  MyCmsApply,
} from '../../contract/cms';
import type {
  PublicCmsScore,
  ScoreImportAnswer,
  ScorePublishAnswer,
  ScoreRow,
} from '../../contract/cms-score';
import type { PageAnswer } from '../../contract/common';
import type { PublicCertificate } from '../../contract/my-certificate';
import { createTestApp, type TestApp } from '../../testing/app';
import { rawBody } from '../../testing/http';
import { Captcha } from '../captcha/captcha.model';
import { Certificate } from '../my-certificate/my-certificate.model';
import { decodePdfQrCodes, readPdfText } from '../my-certificate/my-certificate.testing';
import { freshIp } from '../sms/sms.testing';
import { useTestFileStorage } from '../storage/test-storage';
import { CmsApply, CmsScore } from './cms.model';
import {
  buildCmsProject,
  type Candidate,
  ELECTRICIAN,
  freshCandidate,
  registerCandidate,
  saveBatch,
  staffWith,
} from './cms.testing';

let t: TestApp;
const files = useTestFileStorage('cms-exam');
beforeAll(async () => {
  t = await createTestApp({ trustProxy: true, providers: { storage: files.storage } });
});
afterAll(() => t.close());

type Envelope = { body: { respCode: number; respDesc: string; attribute: unknown } };
const post = (path: string, body: object, token?: string, host?: string) => {
  let request = t.http.post(`/api/${path}.action`).set('X-Forwarded-For', freshIp());
  if (token) request = request.set('token', token);
  if (host) request = request.set('Host', host);
  return request.send(body);
};
const ok = <T>(res: Envelope): T => {
  expect(res.body).toMatchObject({ respCode: 200 });
  return res.body.attribute as T;
};
const refused = (res: Envelope, respDesc: string | RegExp) =>
  expect(res.body).toMatchObject({ respCode: -1, respDesc: expect.stringMatching(respDesc) });
const fieldsOf = (res: Envelope) =>
  ((res.body.attribute as { errors?: { field: string }[] } | null)?.errors ?? []).map((error) => error.field);

/** A raw answer (a file) as bytes. */
const download = (path: string, body: object, token: string) =>
  t.http.post(`/api/${path}.action`).set('token', token).send(body).buffer(true).parse(rawBody);

const workbookOf = async (bytes: unknown) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  return workbook;
};

/** A free batch (approval registers) with `count` registered candidates; answers them with their sessions. */
async function registeredBatch(count: number, overrides = {}) {
  const p = await buildCmsProject();
  const batch = await saveBatch(t, p.staff, { fee: 0, ...overrides });
  const candidates: { applyId: number; token: string; candidate: Candidate }[] = [];
  for (let index = 0; index < count; index += 1) {
    const made = await registerCandidate(t, p.host, batch.id, freshCandidate(`考生${index + 1}`));
    ok(await post('cms-apply/approve', { id: made.apply.id }, p.staff));
    candidates.push({
      applyId: made.apply.id,
      token: made.session?.tokenCode ?? '',
      candidate: made.candidate,
    });
  }
  return { ...p, batch, candidates };
}

const sitting = (batchId: number, room: string, capacity: number, hour = 9) => ({
  batchId,
  room,
  place: '济南市历下区考试中心三楼',
  startsAt: `2030-06-01T${String(hour).padStart(2, '0')}:00:00+08:00`,
  endsAt: `2030-06-01T${String(hour + 2).padStart(2, '0')}:00:00+08:00`,
  capacity,
});

describe('sittings and seats', () => {
  test('automatic assignment fills the rooms in order and never over their seats; the rest wait', async () => {
    const s = await registeredBatch(5);
    const first = ok<CmsSittingRow>(
      await post('cms-exam/sitting-save', sitting(s.batch.id, '第一考场', 2), s.staff),
    );
    ok(await post('cms-exam/sitting-save', sitting(s.batch.id, '第二考场', 1, 13), s.staff));
    const answer = ok<CmsAutoAssignAnswer>(
      await post('cms-exam/auto-assign', { batchId: s.batch.id }, s.staff),
    );
    expect(answer).toEqual({ assigned: 3, unseated: 2 });
    const rooms = ok<CmsSittingRow[]>(await post('cms-exam/sitting-list', { batchId: s.batch.id }, s.staff));
    expect(rooms.map((room) => [room.room, room.seated, room.capacity])).toEqual([
      ['第一考场', 2, 2],
      ['第二考场', 1, 1],
    ]);
    // Full rooms refuse a hand-picked seat too; a room cannot shrink below a seat given.
    const waiting = ok<PageAnswer<CmsCandidateRow>>(
      await post('cms-exam/candidates', { batchId: s.batch.id, seated: 'NO' }, s.staff),
    );
    expect(waiting.total).toBe(2);
    refused(
      await post('cms-exam/assign', { applyId: waiting.list[0]?.id, sittingId: first.id }, s.staff),
      '座位已满',
    );
    const shrink = await post(
      'cms-exam/sitting-save',
      { ...sitting(s.batch.id, '第一考场', 1), id: first.id },
      s.staff,
    );
    expect(fieldsOf(shrink)).toEqual(['capacity']);
    refused(await post('cms-exam/sitting-delete', { id: first.id }, s.staff), '已安排考生');
  });

  test('concurrent hand assignments to a one-seat room seat exactly one candidate', async () => {
    const s = await registeredBatch(4);
    const room = ok<CmsSittingRow>(
      await post('cms-exam/sitting-save', sitting(s.batch.id, '单人考场', 1), s.staff),
    );
    const answers = await Promise.all(
      s.candidates.map((candidate) =>
        post('cms-exam/assign', { applyId: candidate.applyId, sittingId: room.id }, s.staff),
      ),
    );
    expect(answers.filter((res) => res.body.respCode === 200)).toHaveLength(1);
    expect(await CmsApply.count({ where: { sittingId: room.id }, allTenants: true })).toBe(1);
    // A seat outside the room or taken is refused on its field.
    const free = s.candidates.find(
      (candidate) => answers[s.candidates.indexOf(candidate)]?.body.respCode !== 200,
    );
    const outside = await post(
      'cms-exam/assign',
      { applyId: free?.applyId, sittingId: room.id, seatNo: 2 },
      s.staff,
    );
    expect(fieldsOf(outside)).toEqual(['seatNo']);
  });

  test('tickets are issued to the seated; the candidate sees the sitting and reads the ticket PDF with photo and QR code', async () => {
    const s = await registeredBatch(2);
    const [one, two] = s.candidates as [(typeof s.candidates)[0], (typeof s.candidates)[0]];
    const room = ok<CmsSittingRow>(
      await post('cms-exam/sitting-save', sitting(s.batch.id, '第三考场', 30), s.staff),
    );
    refused(await post('cms-exam/issue-tickets', { batchId: s.batch.id }, s.staff), '请先安排座位');
    refused(await post('cms-apply/my-ticket', { id: one.applyId }, one.token), '准考证尚未发放');
    const seated = ok<CmsCandidateRow>(
      await post('cms-exam/assign', { applyId: one.applyId, sittingId: room.id, seatNo: 12 }, s.staff),
    );
    expect(seated.sitting).toMatchObject({ room: '第三考场', seatNo: 12 });
    expect(
      ok<CmsIssueTicketsAnswer>(await post('cms-exam/issue-tickets', { batchId: s.batch.id }, s.staff)),
    ).toEqual({
      issued: 1,
    });
    const mine = ok<MyCmsApply[]>(await post('cms-apply/my-list', {}, one.token))[0];
    expect(mine).toMatchObject({
      status: 'PAID',
      ticketNo: expect.stringMatching(/^30\d{5}012$/),
      sitting: { room: '第三考场', seatNo: 12, place: '济南市历下区考试中心三楼' },
      abilities: { canTicket: true },
    });
    // Another candidate's ticket reads as missing.
    refused(await post('cms-apply/my-ticket', { id: one.applyId }, two.token), '报名记录不存在');
    const pdf = await download('cms-apply/my-ticket', { id: one.applyId }, one.token);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await readPdfText(pdf.body as Buffer);
    for (const expected of [
      '准 考 证',
      s.batch.name,
      '第三考场',
      '12 号',
      mine?.ticketNo ?? '?',
      '2030-06-01 09:00',
    ])
      expect(text).toContain(expected);
    expect(await decodePdfQrCodes(pdf.body as Buffer)).toContain(`CMS:${mine?.ticketNo}:${mine?.idCardNo}`);
    // A link of the ticket opens it in any browser (WeChat's does not download); another's is refused.
    refused(
      await post('document-link/create', { kind: 'CMS_TICKET', id: one.applyId }, two.token),
      '报名记录不存在',
    );
    const link = ok<{ path: string }>(
      await post('document-link/create', { kind: 'CMS_TICKET', id: one.applyId }, one.token),
    );
    expect(link.path).toMatch(/^\/api\/document-link\/open\.action\?t=\d+\.\d+\.T\./);
    const opened = await t.http.get(link.path).set('Host', s.host).buffer(true).parse(rawBody);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(await readPdfText(opened.body as Buffer)).toContain(mine?.ticketNo ?? '?');
    // The sign-in sheet of the room.
    const sheet = (
      await workbookOf((await download('cms-exam/attendance-export', { sittingId: room.id }, s.staff)).body)
    ).worksheets[0];
    expect(sheet?.getRow(2).getCell(1).value).toBe(12);
    expect(sheet?.getRow(2).getCell(3).value).toBe(one.candidate.realName);
    // Moving the candidate voids the ticket until issued again.
    ok(await post('cms-exam/assign', { applyId: one.applyId, sittingId: room.id, seatNo: 3 }, s.staff));
    expect(ok<MyCmsApply[]>(await post('cms-apply/my-list', {}, one.token))[0]).toMatchObject({
      ticketNo: null,
      sitting: null,
    });
    // …and its link with it.
    expect((await t.http.get(link.path).set('Host', s.host)).body).toMatchObject({
      respDesc: '准考证尚未发放，请留意考试安排通知',
    });
  });
});

describe('scores', () => {
  /** Fills the template's rows: subject cells by the candidate's ID number. */
  async function filledTemplate(
    staff: string,
    batchId: number,
    cells: (idCardNo: string) => (string | number)[],
    extraRows: (string | number)[][] = [],
  ): Promise<Buffer> {
    const workbook = await workbookOf((await download('score/template', { batchId }, staff)).body);
    const sheet = workbook.getWorksheet('成绩');
    if (!sheet) throw new Error('no sheet');
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const values = cells(String(row.getCell(2).value));
      values.forEach((value, index) => {
        row.getCell(4 + index).value = value;
      });
    });
    for (const extra of extraRows) sheet.addRow(extra);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  const importFile = (staff: string, batchId: number, file: Buffer) =>
    t.http
      .post('/api/score/import.action')
      .set('token', staff)
      .field('batchId', String(batchId))
      .attach('file', file, { filename: 'scores.xlsx' });

  test('an import with a refused cell writes nothing and its error file marks the cells; a clean one writes all', async () => {
    const s = await registeredBatch(3);
    const ids = await Promise.all(
      s.candidates.map(
        async (candidate) =>
          (await CmsApply.findOne({ where: { id: candidate.applyId }, allTenants: true }))?.idCardNo,
      ),
    );
    const scoreOf = (idCardNo: string): (string | number)[] =>
      idCardNo === ids[0] ? [88, 92.5] : idCardNo === ids[1] ? [45, '缺考'] : [101, 'abc'];
    const bad = await filledTemplate(s.staff, s.batch.id, scoreOf, [
      ['陌生人', '110101199003077777', '', 60, 60],
    ]);
    const answer = ok<ScoreImportAnswer>(await importFile(s.staff, s.batch.id, bad));
    expect(answer.imported).toBe(0);
    expect(answer.importId).toEqual(expect.any(Number));
    expect(answer.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 4, field: '理论知识', value: '101' }),
        expect.objectContaining({ row: 4, field: '操作技能', value: 'abc' }),
        expect.objectContaining({ row: 5, field: '身份证号' }),
      ]),
    );
    expect(await CmsScore.count({ where: { projectId: s.projectId }, allTenants: true })).toBe(0);
    const errorFile = await workbookOf(
      (await download('score/error-export', { importId: answer.importId }, s.staff)).body,
    );
    const errors = errorFile.worksheets[0];
    expect(errors?.rowCount).toBe(3);
    const refusedRow = errors?.getRow(2);
    expect(refusedRow?.getCell(1).value).toBe(4);
    const header = (errors?.getRow(1).values as unknown[]) ?? [];
    const theory = header.indexOf('理论知识');
    expect(refusedRow?.getCell(theory).note).toEqual(expect.stringContaining('0 到 100'));
    expect((refusedRow?.getCell(theory).fill as { fgColor?: { argb?: string } })?.fgColor?.argb).toBe(
      'FFFFC7CE',
    );
    expect(String(refusedRow?.getCell(header.indexOf('错误原因')).value)).toContain('操作技能');

    const good = await filledTemplate(s.staff, s.batch.id, (id) =>
      id === ids[2] ? [60, 59.5] : scoreOf(id),
    );
    expect(ok<ScoreImportAnswer>(await importFile(s.staff, s.batch.id, good))).toMatchObject({
      total: 3,
      imported: 3,
      errors: [],
    });
    const page = ok<PageAnswer<ScoreRow>>(await post('score/query', { batchId: s.batch.id }, s.staff));
    expect(page.list.map((row) => [row.realName, row.passed, row.complete])).toEqual(
      expect.arrayContaining([
        ['考生1', true, true],
        ['考生2', false, true],
        ['考生3', false, true],
      ]),
    );
    expect(
      ok<PageAnswer<ScoreRow>>(await post('score/query', { batchId: s.batch.id, result: 'PASS' }, s.staff))
        .total,
    ).toBe(1);
    // Update checks the subject's full mark.
    const subject = (s.batch as CmsBatchRow).subjects[0];
    const over = await post(
      'score/update',
      { applyId: s.candidates[2]?.applyId, scores: [{ subjectId: subject?.id, score: 100.5 }] },
      s.staff,
    );
    expect(fieldsOf(over)).toEqual(['scores.0.score']);
  });

  test('publishing shows only published scores to the public query behind the slider, and issues the certificates', async () => {
    const s = await registeredBatch(2);
    const [pass, fail] = s.candidates as [(typeof s.candidates)[0], (typeof s.candidates)[0]];
    const [theory, skill] = s.batch.subjects as unknown as [{ id: number }, { id: number }];
    ok(
      await post(
        'score/update',
        {
          applyId: pass.applyId,
          scores: [
            { subjectId: theory.id, score: 80 },
            { subjectId: skill.id, score: 75 },
          ],
        },
        s.staff,
      ),
    );
    ok(
      await post(
        'score/update',
        {
          applyId: fail.applyId,
          scores: [
            { subjectId: theory.id, score: 30 },
            { subjectId: skill.id, absent: true },
          ],
        },
        s.staff,
      ),
    );

    const slider = async () => {
      const token = (await t.http.post('/api/captcha/get.action')).body.attribute.token as string;
      const x = Number((await Captcha.findByPk(token))?.answer);
      await t.http.post('/api/captcha/check.action').send({ token, x });
      return token;
    };
    const query = { idCardNo: pass.candidate.idCardNo, realName: pass.candidate.realName };
    refused(
      await post(
        'cms-api/get-my-score',
        { ...query, captchaToken: '00000000-0000-4000-8000-000000000000' },
        undefined,
        s.host,
      ),
      '滑块',
    );
    expect(fieldsOf(await post('cms-api/get-my-score', query, undefined, s.host))).toContain('captchaToken');
    // Not published: nothing to see.
    expect(
      ok<PublicCmsScore[]>(
        await post('cms-api/get-my-score', { ...query, captchaToken: await slider() }, undefined, s.host),
      ),
    ).toEqual([]);
    expect(ok<MyCmsApply[]>(await post('cms-apply/my-list', {}, pass.token))[0]?.result).toBeNull();

    const scorer = await staffWith(s.projectId, ['/cms-manage/score-manage']);
    // 成绩管理's batch selector offers 发布成绩 (scores exist) and not 撤回发布, then the other way.
    const option = async () =>
      ok<CmsBatchOption[]>(await post('cms-batch/options', {}, scorer)).find(
        (item) => item.id === s.batch.id,
      );
    expect((await option())?.abilities).toMatchObject({ canPublish: true, canUnpublish: false });
    const published = ok<ScorePublishAnswer>(await post('score/publish', { batchId: s.batch.id }, scorer));
    expect(published).toEqual({ published: 2, certificatesIssued: 1 });
    expect((await option())?.abilities).toMatchObject({
      canPublish: false,
      publishRefusal: '该批次成绩已发布',
      canUnpublish: true,
    });
    const results = ok<PublicCmsScore[]>(
      await post('cms-api/get-my-score', { ...query, captchaToken: await slider() }, undefined, s.host),
    );
    expect(results).toEqual([
      expect.objectContaining({
        batchName: s.batch.name,
        passed: true,
        realName: expect.stringMatching(/^考\*+$/),
        certificateNo: expect.any(String),
        subjects: [
          expect.objectContaining({ name: '理论知识', score: 80, passMark: 60 }),
          expect.objectContaining({ name: '操作技能', score: 75 }),
        ],
      }),
    ]);
    // The certificate query agrees.
    const certificates = ok<PublicCertificate[]>(
      await post('my-certificate/query-by-id', { ...query, captchaToken: await slider() }, undefined, s.host),
    );
    expect(certificates.map((certificate) => certificate.certificateNo)).toContain(results[0]?.certificateNo);
    // The certificate keeps the batch's occupation: the tree's code and the name printed.
    expect(
      await Certificate.findOne({
        where: { certificateNo: results[0]?.certificateNo ?? '' },
        allTenants: true,
      }),
    ).toMatchObject({ kind: 'SKILL', skillName: ELECTRICIAN.name, skillCode: ELECTRICIAN.code });
    expect(
      await Certificate.count({
        where: {
          accountId: (await CmsApply.findOne({ where: { id: fail.applyId }, allTenants: true }))?.accountId,
        },
        allTenants: true,
      }),
    ).toBe(0);
    // The candidate sees the result; the failed one too, with 缺考.
    expect(ok<MyCmsApply[]>(await post('cms-apply/my-list', {}, fail.token))[0]).toMatchObject({
      status: 'SCORED',
      result: {
        passed: false,
        subjects: [expect.objectContaining({ score: 30 }), expect.objectContaining({ absent: true })],
      },
    });
    // Published scores are not edited; unpublishing takes them back from the query.
    refused(await post('score/delete', { applyId: pass.applyId }, scorer), '成绩已发布');
    ok(await post('score/unpublish', { batchId: s.batch.id }, scorer));
    expect(
      ok<PublicCmsScore[]>(
        await post('cms-api/get-my-score', { ...query, captchaToken: await slider() }, undefined, s.host),
      ),
    ).toEqual([]);
    ok(await post('score/delete', { applyId: fail.applyId }, scorer));
    expect(await CmsScore.count({ where: { applyId: fail.applyId }, allTenants: true })).toBe(0);
  });
});
