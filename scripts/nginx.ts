import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * nginx in front of several API instances (docs/operations.md "Several instances behind nginx"):
 * the configuration (`config`), and the readiness watcher (`watch`) that takes an instance out of
 * the upstream while its `/readyz` fails (a draining or dead instance) and puts it back when it
 * answers again. Open-source nginx has no active health checks, so the watcher polls and reloads
 * nginx (a graceful reload: calls in flight finish on the old workers).
 *
 *   npx tsx scripts/nginx.ts config --root /srv/px [--listen 443 --tls <cert> <key>] > px.conf
 *   npx tsx scripts/nginx.ts watch --upstreams /etc/nginx/px-upstreams.conf \
 *     --instance http://10.0.0.11:8080 --instance http://10.0.0.12:8080 --instance http://10.0.0.13:8080
 */

export interface NginxConfigOptions {
  /** The checkout: the built apps are served from `<root>/h5/dist` and `<root>/admin/dist`. */
  root: string;
  /** The file the watcher writes, holding the upstream's `server` lines. */
  upstreamsFile: string;
  /** Where nginx listens (`443` or `127.0.0.1:8443`). */
  listen: string;
  /** TLS certificate and key: HTTP/2 is served over TLS (browsers speak it only there). */
  tls?: { certificate: string; key: string };
  /**
   * For a test's nginx started as a process of its own: the pid, log and temp files under this
   * folder, in the foreground. Unset: the configuration is a file for /etc/nginx/conf.d (no
   * `events`/`http` blocks: the system's nginx.conf has them).
   */
  standaloneDir?: string;
}

/** The nginx configuration: the apps' files from disk (precompressed), every call and page from the API. */
export function nginxConfig(options: NginxConfigOptions): string {
  const h5 = path.join(options.root, 'h5', 'dist');
  const admin = path.join(options.root, 'admin', 'dist');
  const listen = options.tls ? `${options.listen} ssl http2` : options.listen;
  const server = `# The API instances: written by \`scripts/nginx.ts watch\` from their readiness.
upstream px_api {
    include ${options.upstreamsFile};
    keepalive 32;
}

server {
    listen ${listen};
${
  options.tls
    ? `    ssl_certificate ${options.tls.certificate};
    ssl_certificate_key ${options.tls.key};
    ssl_protocols TLSv1.2 TLSv1.3;
`
    : ''
}    client_max_body_size 25m;
    gzip_static on;

    # What goes to an instance goes over kept-alive HTTP/1.1 with the client's address and host
    # (the instances run with TRUST_PROXY). A connection refused is tried on the next instance
    # (nothing was sent); a call an instance took is never sent twice (no non_idempotent).
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $http_host;
    proxy_next_upstream error timeout;

    # Calls and uploads.
    location /api/ {
        proxy_pass http://px_api;
        proxy_read_timeout 300s;
        # Exports and media stream; upload bodies go straight through.
        proxy_buffering off;
        proxy_request_buffering off;
    }

    # The built apps' hashed files, from disk, precompressed by the build (.gz beside each).
    location /admin/assets/ {
        alias ${admin}/assets/;
        add_header Cache-Control "public, max-age=31536000, immutable";
    }
    location /assets/ {
        root ${h5};
        add_header Cache-Control "public, max-age=31536000, immutable";
    }

    # Health answers concern one instance; the load balancer asks each instance itself.
    location = /healthz { return 404; }
    location = /readyz { return 404; }

    # Pages (history routing, prerendered shells, the first data embedded) come from the API.
    location / {
        proxy_pass http://px_api;
    }
}
`;
  if (!options.standaloneDir) return server;
  const dir = options.standaloneDir;
  const indent = (text: string) =>
    text
      .split('\n')
      .map((line) => (line ? `    ${line}` : line))
      .join('\n');
  return `daemon off;
${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;

events {
    worker_connections 1024;
}

http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format px '$request_method $uri $status $upstream_addr';
    access_log ${dir}/access.log px;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    sendfile on;
    keepalive_timeout 65;

${indent(server)}}
`;
}

/**
 * The upstream's `server` lines: the ready instances, the others marked down. When none is ready
 * every one is listed (failing open: nginx then tries each, which beats answering 502 to all).
 */
export function upstreamLines(instances: string[], ready: boolean[]): string {
  const none = !ready.some(Boolean);
  const lines = instances.map((instance, index) => {
    const { host } = new URL(instance);
    return `server ${host}${ready[index] || none ? '' : ' down'};`;
  });
  return `${lines.join('\n')}\n`;
}

export interface ReadinessWatcher {
  /** Whether each instance answered `/readyz` with 200 at the last poll. */
  ready(): boolean[];
  stop(): Promise<void>;
}

/**
 * Polls every instance's `/readyz` and, when the set of ready instances changes, rewrites the
 * upstreams file and reloads nginx (`reload`). Resolves after the first poll has been written.
 */
export async function watchReadiness(options: {
  instances: string[];
  upstreamsFile: string;
  reload: () => Promise<void>;
  intervalMs?: number;
  log?: (line: string) => void;
}): Promise<ReadinessWatcher> {
  const interval = options.intervalMs ?? 1000;
  let state: boolean[] = [];
  let stopped = false;
  // Polls in a row that got no answer in time, per instance: a busy instance is taken out after
  // three; one that answers 503 (draining, database lost) or refuses connections, at once.
  const silent = options.instances.map(() => 0);
  const poll = async () => {
    const answers = await Promise.all(options.instances.map((instance) => readiness(instance)));
    const next = answers.map((answer, index) => {
      silent[index] = answer === 'silent' ? (silent[index] ?? 0) + 1 : 0;
      if (answer !== 'silent') return answer === 'ready';
      return (state[index] ?? true) && (silent[index] ?? 0) < 3;
    });
    if (next.every((value, index) => value === state[index]) && next.length === state.length) return;
    state = next;
    const lines = upstreamLines(options.instances, state);
    // A watcher (re)started on the file it wrote before leaves nginx alone.
    if (readIfExists(options.upstreamsFile) === lines) return;
    fs.writeFileSync(`${options.upstreamsFile}.tmp`, lines);
    fs.renameSync(`${options.upstreamsFile}.tmp`, options.upstreamsFile);
    options.log?.(
      `upstreams: ${options.instances.map((instance, index) => `${instance} ${state[index] ? 'ready' : 'down'}`).join(', ')}`,
    );
    await options.reload();
  };
  await poll();
  // One poll at a time: a tick that finds the last poll still waiting for a silent instance skips.
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = poll()
      .catch((error: Error) => {
        options.log?.(`readiness poll failed: ${error.message}`);
      })
      .finally(() => {
        running = null;
      });
  }, interval);
  return {
    ready: () => [...state],
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** An instance's `/readyz`: 200, another answer or a refused connection, or nothing within 3 s. */
async function readiness(instance: string): Promise<'ready' | 'not-ready' | 'silent'> {
  try {
    const answer = await fetch(new URL('/readyz', instance), { signal: AbortSignal.timeout(3_000) });
    await answer.arrayBuffer();
    return answer.status === 200 ? 'ready' : 'not-ready';
  } catch (error) {
    return (error as Error).name === 'TimeoutError' ? 'silent' : 'not-ready';
  }
}

const run = promisify(execFile);

/** `nginx -s reload` for the nginx started with this configuration file. */
export function nginxReloader(configFile?: string): () => Promise<void> {
  return async () => {
    await run('nginx', [...(configFile ? ['-c', configFile] : []), '-s', 'reload']);
  };
}

function argumentValues(args: string[], name: string): string[] {
  const values: string[] = [];
  args.forEach((arg, index) => {
    const value = args[index + 1];
    if (arg === name && value !== undefined) values.push(value);
  });
  return values;
}

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === 'config') {
    const tls = rest.indexOf('--tls');
    const certificate = tls >= 0 ? rest[tls + 1] : undefined;
    const key = tls >= 0 ? rest[tls + 2] : undefined;
    process.stdout.write(
      nginxConfig({
        root: argumentValues(rest, '--root')[0] ?? process.cwd(),
        upstreamsFile: argumentValues(rest, '--upstreams')[0] ?? '/etc/nginx/px-upstreams.conf',
        listen: argumentValues(rest, '--listen')[0] ?? '80',
        tls: certificate && key ? { certificate, key } : undefined,
      }),
    );
    return;
  }
  if (command === 'watch') {
    const instances = argumentValues(rest, '--instance');
    const upstreamsFile = argumentValues(rest, '--upstreams')[0];
    if (!upstreamsFile || instances.length === 0)
      throw new Error('usage: nginx.ts watch --upstreams <file> --instance <url> [--instance <url>...]');
    const watcher = await watchReadiness({
      instances,
      upstreamsFile,
      reload: nginxReloader(argumentValues(rest, '--nginx-conf')[0]),
      log: (line) => console.log(line),
    });
    const stop = () => void watcher.stop().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    return;
  }
  throw new Error('usage: nginx.ts config|watch ... (see the file header)');
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
