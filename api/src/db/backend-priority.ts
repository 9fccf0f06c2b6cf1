import fs from 'node:fs';
import type { Socket } from 'node:net';
import { setPriority } from 'node:os';

/**
 * Background work's PostgreSQL backends at a low CPU priority, when the database runs on this host.
 *
 * Each connection is served by a backend process of its own. On one host shared by the API and its
 * database (the embedded PostgreSQL of `npm start` and the tests, a small installation), the
 * backends reading an export's cursor and writing an import's chunks compete for the same cores as
 * the backends answering students' calls. Lowering the background ones' nice value lets the
 * kernel run the calls' backends first, while idle cores still run the background work at full
 * speed. On a database of its own host (production) nothing here applies: the background work is
 * bounded by its connections instead, and a separate job instance keeps its CPU off the calls'
 * (docs/operations.md "Background work").
 *
 * The backend is found safely, and only then touched: the process the server names for the
 * connection (its process id from the connection's start) must be a `postgres` process on this host
 * holding the server's end of this very TCP connection (its local and remote ports are ours the
 * other way round, and the socket is one of its open files). A server on another host, a pooler in
 * between (PgBouncer answers a process id of its own), a container's process ids or a Unix socket
 * fail that check, and the connection is left as it is. Everything is best effort: nothing here
 * throws.
 */

/** The parts of a `pg` Client this reads (`processID` from the server's BackendKeyData). */
export interface BackendClient {
  processID?: number | null;
  connection?: { stream?: Partial<Pick<Socket, 'localPort' | 'remotePort'>> };
}

/** The inodes of the TCP sockets in `/proc/<pid>/net/tcp{,6}` from local port `local` to remote port `remote`. */
function socketInodes(pid: number, local: number, remote: number): Set<string> {
  const inodes = new Set<string>();
  const port = (address: string | undefined) => Number.parseInt(address?.split(':').pop() ?? '', 16);
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      if (port(fields[1]) === local && port(fields[2]) === remote && fields[9] !== '0')
        inodes.add(fields[9] ?? '');
    }
  }
  return inodes;
}

/** Whether process `pid` has one of the sockets `inodes` open. */
function holdsSocket(pid: number, inodes: Set<string>): boolean {
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // not ours to read: not ours to renice either
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match?.[1] && inodes.has(match[1])) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}

/**
 * The process id of the PostgreSQL backend serving `client` when it is a process on this host that
 * holds the server's end of the client's TCP connection (see above); null otherwise (another host,
 * a pooler, not Linux, not connected).
 */
export function localBackendPid(client: BackendClient): number | null {
  if (process.platform !== 'linux') return null;
  const pid = client.processID;
  const local = client.connection?.stream?.localPort;
  const remote = client.connection?.stream?.remotePort;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  if (typeof local !== 'number' || typeof remote !== 'number') return null;
  try {
    if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return null;
  } catch {
    return null;
  }
  // The backend's side: its local port is the server's (our remote), its remote port is ours.
  const inodes = socketInodes(pid, remote, local);
  return inodes.size > 0 && holdsSocket(pid, inodes) ? pid : null;
}

/** The lowest CPU priority (nice 19): what the export writer's thread and ffmpeg run at. */
export const BACKGROUND_NICE = 19;

/**
 * Sets the nice value of the backend serving `client` to `nice` when it is a local one (see
 * `localBackendPid`). Answers whether it did; never throws (not permitted, gone meanwhile: false).
 */
export function lowerBackendPriority(client: BackendClient, nice = BACKGROUND_NICE): boolean {
  if (nice <= 0) return false;
  const pid = localBackendPid(client);
  if (pid === null) return false;
  try {
    setPriority(pid, nice);
    return true;
  } catch {
    return false;
  }
}
