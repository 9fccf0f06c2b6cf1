import { randomBytes } from 'node:crypto';
import { ROLE_SYSTEM } from '@px/config';
import type { CmsApplySubmitAnswer, CmsBatchRow, CmsBatchSaveInput } from '../../contract/cms';
import type { TestApp } from '../../testing/app';
import { buildAccount, buildHostedProject, signIn } from '../../testing/factories';
import { seedVocationDemo } from '../dictionary/vocation.demo';
import { demoWxapp } from '../order/order.testing';
import { freshIdCardNo, freshIp, freshMobile, latestCode } from '../sms/sms.testing';
import { encodePng } from '../storage/png';
import { chinaToday } from '../train-class/class-read';
import { WxappProject } from '../wechat/wxapp.model';

/** Test support of the examinations: a project taking payments on a host of its own, its CMS staff, batches, photos. */

/** Every CMS page (what 考务人员 holds). */
export const CMS_MENU = [
  '/home',
  '/cms-manage',
  '/cms-manage/apply-manage',
  '/cms-manage/apply-exam-manage',
  '/cms-manage/score-manage',
  '/cms-manage/cms-order-manage',
];

/** A passport-ratio (33:48) PNG photo of `width` pixels. */
export function passportPng(width = 330): Buffer {
  const height = Math.round((width * 48) / 33);
  return encodePng(width, height, (x, y) => [200 - (x % 50), 180 - (y % 40), 160]);
}

/**
 * A project on a host of its own, with its built-in roles, taking payments through the simulator's
 * demo merchant (and the demo vocational resource tree, which batches pick occupations from).
 */
export async function buildCmsProject(): Promise<{ projectId: number; host: string; staff: string }> {
  // Batches pick their occupation from the platform's vocational resource tree.
  await seedVocationDemo();
  const { project, host } = await buildHostedProject();
  await WxappProject.create({ projectId: project.id, wxappId: (await demoWxapp()).id });
  const { account } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: CMS_MENU,
  });
  return { projectId: project.id, host, staff: await signIn(account) };
}

/** A staff token of the project holding only `menu`. */
export async function staffWith(projectId: number, menu: string[]): Promise<string> {
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu });
  return signIn(account);
}

/** The demo tree's 电工, the occupation of batchInput. */
export const ELECTRICIAN = { code: '6-31-01-03', name: '电工' } as const;

/** A batch open today (fee 50 yuan, levels 四级 and 三级, two subjects, photo and education required). */
export function batchInput(overrides: Partial<CmsBatchSaveInput> = {}): CmsBatchSaveInput {
  const today = chinaToday();
  return {
    name: `电工职业技能等级认定${randomBytes(3).toString('hex')}`,
    occupationCode: ELECTRICIAN.code,
    levels: ['L4', 'L3'],
    fee: 5000,
    applyFrom: today,
    applyTo: today,
    capacity: 100,
    requiredFields: ['education', 'photo'],
    enabled: true,
    issueCertificate: true,
    subjects: [
      { name: '理论知识', fullMark: 100, passMark: 60 },
      { name: '操作技能', fullMark: 100, passMark: 60 },
    ],
    ...overrides,
  };
}

/** Creates a batch through `cms-batch/save`. */
export async function saveBatch(
  t: TestApp,
  staff: string,
  overrides: Partial<CmsBatchSaveInput> = {},
): Promise<CmsBatchRow> {
  const res = await t.http.post('/api/cms-batch/save.action').set('token', staff).send(batchInput(overrides));
  if (res.body.respCode !== 200) throw new Error(`batch not saved: ${JSON.stringify(res.body)}`);
  return res.body.attribute as CmsBatchRow;
}

/** What a candidate fills in. */
export interface Candidate {
  realName: string;
  idCardNo: string;
  mobile: string;
}

export const freshCandidate = (realName = '李考生'): Candidate => ({
  realName,
  idCardNo: freshIdCardNo(),
  mobile: freshMobile(),
});

/** The multipart `cms-apply/submit` of a candidate (fields as text, the photo as `file`). */
export function submitRequest(
  t: TestApp,
  host: string,
  fields: Record<string, string | number | undefined>,
  options: { photo?: Buffer | null; token?: string; ip?: string } = {},
) {
  let request = t.http
    .post('/api/cms-apply/submit.action')
    .set('Host', host)
    .set('X-Forwarded-For', options.ip ?? freshIp());
  if (options.token) request = request.set('token', options.token);
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) request = request.field(name, String(value));
  const photo = options.photo === undefined ? passportPng() : options.photo;
  if (photo) request = request.attach('file', photo, { filename: 'photo.png', contentType: 'image/png' });
  return request;
}

/** Sends the SMS code to the candidate's mobile and answers it as read from the outbox. */
export async function smsCodeFor(t: TestApp, host: string, mobile: string, ip = freshIp()): Promise<string> {
  const res = await t.http
    .post('/api/cms-apply/send-msg-code.action')
    .set('Host', host)
    .set('X-Forwarded-For', ip)
    .send({ mobile });
  if (res.body.respCode !== 200) throw new Error(`no code: ${JSON.stringify(res.body)}`);
  const code = await latestCode(mobile);
  if (!code) throw new Error('no code in the outbox');
  return code;
}

/** A signed-out candidate registering for a batch (SMS code, photo): answers the application and session. */
export async function registerCandidate(
  t: TestApp,
  host: string,
  batchId: number,
  candidate: Candidate = freshCandidate(),
  extra: Record<string, string | number | undefined> = {},
): Promise<CmsApplySubmitAnswer & { candidate: Candidate }> {
  const msgCode = await smsCodeFor(t, host, candidate.mobile);
  const res = await submitRequest(t, host, {
    batchId,
    ...candidate,
    msgCode,
    skillLevel: 'L4',
    education: 'COLLEGE',
    workYears: 5,
    ...extra,
  });
  if (res.body.respCode !== 200) throw new Error(`not registered: ${JSON.stringify(res.body)}`);
  return { ...(res.body.attribute as CmsApplySubmitAnswer), candidate };
}
