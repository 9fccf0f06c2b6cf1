import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenClass, StudentIdentity } from '../calls';
import { createPartnerClient, PartnerApiError, type PartnerClient } from '../client/client';
import { type ProgressNotice, verifySigned } from '../protocol';
import { classesPage, errorPage, studyPage } from './pages';

/**
 * The demo partner site (docs/partner-api.md "Trying it"): a small training portal of another
 * company that sells our classes to its own users. It speaks the real partner protocol with the
 * client of this workspace: lists our classes, signs its demo user up, embeds our study page with
 * the single-sign-on URL of `train-info`, shows the messages the frame posts, and receives our
 * signed progress notices on its callback (checking their signatures).
 */

/** The portal's own signed-in user (its account id and what it knows of the person). */
export const DEMO_PARTNER_USER: StudentIdentity = {
  outAccountId: 'demo-user-1',
  idCardNo: '370102199205150030',
  realName: '王合作',
  mobile: '13700000001',
};

/** The app this site is registered as on our platform. */
export interface DemoPartnerCredentials {
  /** Our platform's origin as the partner calls it (the study page's origin too). */
  apiUrl: string;
  appKey: string;
  secret: string;
}

/** A progress notice the callback received, with whether its signature held. */
export interface ReceivedNotice {
  receivedAt: string;
  notice: ProgressNotice;
}

export interface DemoPartnerSite {
  /** Starts listening on loopback (`port` 0: any free port). */
  listen(port?: number): Promise<void>;
  /** Where it listens, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url(): string;
  /** The app it acts as; until then its pages say it is not configured. */
  configure(credentials: DemoPartnerCredentials): void;
  /** The notices received so far (each once, newest last). */
  notices(): ReceivedNotice[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}
const html = (res: ServerResponse, body: string, status = 200) =>
  send(res, status, 'text/html; charset=utf-8', body);
const json = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));

/** Creates the demo partner site (not listening yet). */
export function createDemoPartnerSite(): DemoPartnerSite {
  let credentials: DemoPartnerCredentials | null = null;
  let client: PartnerClient | null = null;
  const received: ReceivedNotice[] = [];
  const seenNonces = new Set<string>();
  let server: Server | null = null;

  const ready = (): { credentials: DemoPartnerCredentials; client: PartnerClient } => {
    if (!credentials || !client)
      throw new PartnerApiError('UNREACHABLE', '演示合作方尚未配置应用', 503, null);
    return { credentials, client };
  };

  async function home(res: ServerResponse): Promise<void> {
    const { client } = ready();
    const page = await client.queryClass({ pageSize: 50 });
    const enrolled = await client.studyProcessByOutAccount({ outAccountId: DEMO_PARTNER_USER.outAccountId });
    html(res, classesPage(DEMO_PARTNER_USER, page.list as OpenClass[], enrolled));
  }

  async function signUp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { client } = ready();
    const form = new URLSearchParams((await readBody(req)) ?? '');
    const classId = Number(form.get('classId'));
    if (!Number.isInteger(classId) || classId <= 0) return html(res, errorPage('请选择班级'), 400);
    // The portal's own request id: a repeated click signs up once.
    await client.signUpStudent({
      ...DEMO_PARTNER_USER,
      requestId: `demo-${DEMO_PARTNER_USER.outAccountId}-${classId}`,
      classId,
    });
    res.writeHead(303, { location: `/study?classId=${classId}` });
    res.end();
  }

  async function study(url: URL, res: ServerResponse): Promise<void> {
    const { client, credentials } = ready();
    const classId = Number(url.searchParams.get('classId'));
    if (!Number.isInteger(classId) || classId <= 0) return html(res, errorPage('请选择班级'), 400);
    const info = await client.trainInfo({ ...DEMO_PARTNER_USER, classId });
    if (!info.registered || !info.ssoUrl || info.enrolmentId === null)
      return html(res, errorPage('尚未报名该班级，请先在首页报名'), 409);
    const process = await client.studyProcess({ enrolmentId: info.enrolmentId });
    html(res, studyPage({ ssoUrl: info.ssoUrl, studyOrigin: new URL(credentials.apiUrl).origin, process }));
  }

  /** Our progress notice: its signature checked with the app's secret; each notice kept once. */
  async function callback(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!credentials) return json(res, 503, { ok: false, message: 'not configured' });
    const body = await readBody(req);
    if (body === null) return json(res, 413, { ok: false, message: 'too large' });
    const outcome = verifySigned(
      { appKey: credentials.appKey, secrets: [credentials.secret] },
      { method: req.method ?? 'POST', target: req.url ?? '/', body, headers: req.headers },
      Math.floor(Date.now() / 1000),
    );
    if (!outcome.ok) return json(res, 401, { ok: false, code: outcome.code });
    const nonce = String(req.headers['x-px-nonce'] ?? '');
    if (seenNonces.has(nonce)) return json(res, 200, { ok: true, repeated: true });
    seenNonces.add(nonce);
    let notice: ProgressNotice;
    try {
      notice = JSON.parse(body) as ProgressNotice;
    } catch {
      return json(res, 400, { ok: false, message: 'not JSON' });
    }
    if (!received.some((entry) => entry.notice.noticeId === notice.noticeId))
      received.push({ receivedAt: new Date().toISOString(), notice });
    json(res, 200, { ok: true });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://partner.local');
    try {
      if (req.method === 'GET' && url.pathname === '/') return await home(res);
      if (req.method === 'POST' && url.pathname === '/sign-up') return await signUp(req, res);
      if (req.method === 'GET' && url.pathname === '/study') return await study(url, res);
      if (req.method === 'POST' && url.pathname === '/callback') return await callback(req, res);
      if (req.method === 'GET' && url.pathname === '/notices.json') return json(res, 200, received);
      html(res, errorPage('页面不存在'), 404);
    } catch (error) {
      const message =
        error instanceof PartnerApiError ? `${error.message}（${error.code}）` : '演示合作方出错了';
      html(res, errorPage(message), error instanceof PartnerApiError ? 502 : 500);
    }
  }

  return {
    async listen(port = 0) {
      server = createServer((req, res) => void handle(req, res));
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
    },
    url() {
      if (!server) throw new Error('the demo partner site is not listening');
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    configure(given) {
      credentials = given;
      client = createPartnerClient({ baseUrl: given.apiUrl, appKey: given.appKey, secret: given.secret });
    },
    notices: () => [...received],
    async close() {
      const closing = server;
      server = null;
      if (!closing) return;
      const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
      // A browser's kept-alive connections would hold the close until they time out.
      closing.closeAllConnections();
      await closed;
    },
  };
}
