import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { nginxConfig } from '../../scripts/nginx';
import { freePort } from './ports';
import { waitUntil } from './wait';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const ROOT = path.resolve(__dirname, '..', '..');

export interface StartedNginx {
  /** `https://127.0.0.1:<port>` (HTTP/2 over TLS with a self-signed certificate), or `http://` without TLS. */
  url: string;
  /** The nginx master process (its worker is its child): the bench reads their CPU. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, written into `dir` with openssl (for local
 * use and tests only: browsers are told to accept it). Answers the certificate and key files.
 */
export function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  return { certificate, key };
}

/**
 * Debian's nginx in the foreground with the shipped configuration (scripts/nginx.ts) over TLS, so
 * browsers speak HTTP/2 to it, in front of `instances` (`http://127.0.0.1:<port>` each). Resolves
 * once nginx answers a call through it.
 */
export function startTlsNginx(instances: readonly string[]): Promise<StartedNginx> {
  return startNginx(instances, { tls: true });
}

/**
 * Debian's nginx in the foreground with the shipped configuration (scripts/nginx.ts) in front of
 * `instances` (`http://127.0.0.1:<port>` each), over plain HTTP/1.1 unless `tls` (then HTTP/2 over
 * TLS). Resolves once nginx answers through it.
 */
export async function startNginx(
  instances: readonly string[],
  options: { tls?: boolean } = {},
): Promise<StartedNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-nginx-'));
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(dir, temp), { recursive: true });
  const upstreamsFile = path.join(dir, 'upstreams.conf');
  fs.writeFileSync(
    upstreamsFile,
    instances.map((instance) => `server ${new URL(instance).host};\n`).join(''),
  );
  const port = await freePort();
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    configFile,
    nginxConfig({
      root: ROOT,
      upstreamsFile,
      listen: `127.0.0.1:${port}`,
      ...(options.tls ? { tls: selfSignedCertificate(dir) } : {}),
      standaloneDir: dir,
    }),
  );
  const nginx: ChildProcess = spawn(NGINX, ['-c', configFile, '-p', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  nginx.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  // nginx answers /healthz itself (404: health concerns one instance).
  const healthz = async () =>
    options.tls ? (await http2Get(url, '/healthz')).status : (await fetch(`${url}/healthz`)).status;
  await waitUntil(
    async () => {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${output}`);
      return (await healthz().catch(() => null)) === 404;
    },
    { timeoutMs: 20_000, what: 'nginx answering' },
  );
  return {
    url,
    pid: nginx.pid,
    async stop() {
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One GET over HTTP/2 (the self-signed certificate accepted): its status, headers and body. */
export function http2Get(
  origin: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { rejectUnauthorized: false });
    session.once('error', reject);
    const request = session.request({ ':path': pathname, ...headers });
    let status = 0;
    let answered: http2.IncomingHttpHeaders = {};
    let body = '';
    request.setEncoding('utf8');
    request.on('response', (received) => {
      answered = received;
      status = Number(received[':status']);
    });
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      session.close();
      resolve({ status, headers: answered, body });
    });
    request.on('error', (error) => {
      session.close();
      reject(error);
    });
    request.end();
  });
}
