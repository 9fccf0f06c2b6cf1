import { createPartnerClient, type PartnerClient } from '@px/partner';
import { createManualClock } from '../../core/clock';
import { EMBEDDED_REFUSAL } from '../../core/embedded-session';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildHostedProject, randomIdCardNo } from '../../testing/factories';
import { useTestStorage } from '../resource/resource.testing';
import { Session } from '../session/session.model';
import { buildClass } from '../train-class/train-class.testing';
import { buildPartnerApp } from './partner.testing';
import { PartnerSsoTicket } from './partner-api.model';
import { PartnerApp } from './partner-app.model';
import { sha256 } from './partner-student.service';

const clock = createManualClock(new Date());
const storage = useTestStorage();
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ providers: { ...storage.providers(), clock } });
  base = await t.listen();
});
afterAll(() => t.close());

type Envelope<T = unknown> = { respCode: number; respDesc: string; attribute: T };

const post = <T>(key: string, body: object, token?: string) => {
  const request = t.http.post(`/api/${key}.action`);
  if (token) request.set('token', token);
  return request.send(body).then((res) => ({ status: res.status, body: res.body as Envelope<T> }));
};

async function scene() {
  const { project } = await buildHostedProject();
  const cls = await buildClass({ projectId: project.id, name: `嵌入班级${project.id}` });
  const other = await buildClass({ projectId: project.id, name: `另一班级${project.id}` });
  const { app, secret } = await buildPartnerApp(project.id, {
    allowedOrigins: ['https://partner.example.com'],
  });
  const client: PartnerClient = createPartnerClient({
    baseUrl: base,
    appKey: app.appKey,
    secret,
    nowSeconds: () => Math.floor(clock.now().getTime() / 1000),
  });
  const identity = {
    outAccountId: `u${Math.random().toString(36).slice(2, 10)}`,
    idCardNo: randomIdCardNo(),
    realName: '嵌入学员',
    mobile: `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  };
  const ticketOf = async (classId = cls.trainClass.id) => {
    const info = await client.trainInfo({ ...identity, classId, autoRegister: true });
    const url = new URL(info.ssoUrl ?? '');
    return {
      enrolmentId: info.enrolmentId as number,
      app: url.searchParams.get('app') ?? '',
      ticket: url.searchParams.get('ticket') ?? '',
    };
  };
  return { project, cls, other, app, ticketOf };
}

const exchange = (app: string, ticket: string) =>
  post<{ token: string; myClassId: number; allowedOrigins: string[]; errorCode?: string }>(
    'partner/sso-login',
    {
      app,
      ticket,
    },
  );

describe('single sign-on tickets', () => {
  test('a ticket opens a short session of its student, limited to the enrolment and the study calls', async () => {
    const { app, ticketOf, other } = await scene();
    const sso = await ticketOf();
    // Only the ticket's hash is kept, bound to the app, the student and the enrolment.
    const row = await PartnerSsoTicket.findOne({
      where: { ticketHash: sha256(sso.ticket) },
      allTenants: true,
    });
    expect(row).toMatchObject({ appId: app.id, myClassId: sso.enrolmentId, usedAt: null });
    expect(JSON.stringify(row?.toJSON())).not.toContain(sso.ticket);

    const answer = await exchange(sso.app, sso.ticket);
    expect(answer.body).toMatchObject({
      respCode: 200,
      attribute: {
        myClassId: sso.enrolmentId,
        allowedOrigins: ['https://partner.example.com'],
        appName: app.name,
      },
    });
    const token = answer.body.attribute.token;
    const session = await Session.findOne({ where: { partnerAppId: app.id }, allTenants: true });
    expect(session).toMatchObject({ myClassId: sso.enrolmentId });
    const hours = ((session?.expiresAt.getTime() ?? 0) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);

    const info = await post<{ myClassId: number; className: string }>(
      'my-class/study-info',
      { myClassId: sso.enrolmentId },
      token,
    );
    expect(info.body).toMatchObject({ respCode: 200, attribute: { myClassId: sso.enrolmentId } });
    expect((await post('login/get-account-info', {}, token)).body).toMatchObject({
      respCode: 200,
      attribute: { roleRP: { roleSystem: 3 } },
    });
    // Another enrolment of the same student, and calls beyond the study page, are refused.
    const second = await ticketOf(other.trainClass.id);
    const refusedOther = await post('my-class/study-info', { myClassId: second.enrolmentId }, token);
    expect(refusedOther).toMatchObject({ status: 403, body: { respDesc: EMBEDDED_REFUSAL } });
    const refusedProfile = await post('account/my-profile', {}, token);
    expect(refusedProfile).toMatchObject({ status: 403, body: { respDesc: EMBEDDED_REFUSAL } });
    expect(
      (await post('login/modify-password', { oldPassword: 'x', newPassword: 'Abc12345' }, token)).status,
    ).toBe(403);
  });

  test('a used, expired, foreign or unknown ticket is refused, and a disabled app changes nothing', async () => {
    const { ticketOf, app } = await scene();
    const another = await scene();
    const sso = await ticketOf();
    expect((await exchange(sso.app, sso.ticket)).body.respCode).toBe(200);
    expect((await exchange(sso.app, sso.ticket)).body).toMatchObject({
      respCode: -1,
      respDesc: '学习链接已使用过，请回到合作平台重新进入学习',
      attribute: { errorCode: 'SSO_USED', allowedOrigins: ['https://partner.example.com'] },
    });

    const late = await ticketOf();
    clock.advance(5 * 60_000 + 1000);
    expect((await exchange(late.app, late.ticket)).body).toMatchObject({
      respCode: -1,
      respDesc: '学习链接已过期，请回到合作平台重新进入学习',
      attribute: { errorCode: 'SSO_EXPIRED' },
    });

    const foreign = await ticketOf();
    expect((await exchange(another.app.appKey, foreign.ticket)).body).toMatchObject({
      attribute: { errorCode: 'SSO_INVALID' },
    });
    expect((await exchange(sso.app, 'x'.repeat(43))).body).toMatchObject({
      attribute: { errorCode: 'SSO_INVALID' },
    });
    expect((await exchange('pk_unknown0000', foreign.ticket)).body).toMatchObject({
      attribute: { errorCode: 'SSO_INVALID', allowedOrigins: [] },
    });
    expect((await exchange(sso.app, 'not a ticket')).body).toMatchObject({ respCode: -1 });

    const info = (key: string) => post('partner/embed-info', { app: key }).then((res) => res.body);
    expect(await info(app.appKey)).toMatchObject({
      attribute: { appName: app.name, allowedOrigins: ['https://partner.example.com'] },
    });
    await PartnerApp.update({ enabled: false }, { where: { id: app.id }, allTenants: true });
    expect(await info(app.appKey)).toMatchObject({ attribute: { appName: null, allowedOrigins: [] } });
    expect(await info('pk_unknown0000')).toMatchObject({ attribute: { appName: null, allowedOrigins: [] } });
    expect((await exchange(foreign.app, foreign.ticket)).body).toMatchObject({
      respDesc: '合作平台已停用，暂不能从该平台进入学习',
      attribute: { errorCode: 'SSO_APP_DISABLED' },
    });
    await PartnerApp.update({ enabled: true }, { where: { id: app.id }, allTenants: true });
    // The refusal did not use the ticket up.
    expect((await exchange(foreign.app, foreign.ticket)).body.respCode).toBe(200);
  });

  test('two exchanges of one ticket at once open one session', async () => {
    const { ticketOf } = await scene();
    const sso = await ticketOf();
    const answers = await Promise.all([exchange(sso.app, sso.ticket), exchange(sso.app, sso.ticket)]);
    expect(answers.map((answer) => answer.body.respCode).sort()).toEqual([-1, 200]);
  });
});
