import fs from 'node:fs';

/**
 * Sums the self time of a V8 `.cpuprofile` (written under `BENCH_CPU_PROF`) by function and by
 * package or file, and prints the largest shares of the busy time:
 * `npx tsx test/bench/profile-summary.ts <file.cpuprofile> [rows] [seconds]`; with `seconds`, only
 * the samples of the seconds before the last call answered count (a scenario's loaded seconds, not
 * the start, the demo seed and the shutdown around them).
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a script lives, short: the npm package, or the file under the repository. */
function placeOf(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(url.lastIndexOf('/', src - 1) + 1) : url;
}

export function summarise(profile: CpuProfile, rows = 25, lastSeconds?: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  // Each sample's time from the profile's start (the deltas add up to it).
  const times: number[] = [];
  let at = 0;
  for (const delta of profile.timeDeltas) {
    at += delta;
    times.push(at);
  }
  const window = lastSeconds === undefined ? null : loadedWindow(profile, times, lastSeconds);
  profile.samples.forEach((id, index) => {
    const time = times[index] ?? 0;
    if (window && (time < window.fromUs || time > window.toUs)) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const name = node.callFrame.functionName || '(anonymous)';
    if (name === '(idle)' || name === '(program)') {
      idle += name === '(idle)' ? us : 0;
      if (name === '(idle)') continue;
    }
    total += us;
    const place = placeOf(node.callFrame.url);
    const key = `${name} ${place}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const table = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(
        ([key, us]) =>
          `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`,
      )
      .join('\n');
  return [
    `busy ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms`,
    'by package or file (self time):',
    table(byPlace),
    'by function (self time):',
    table(byFunction),
  ].join('\n');
}

/**
 * The `seconds` before the last sample inside the router's `runAction` (the last call the load
 * sent): the loaded seconds, without the shutdown after them (the bench's API removes its data
 * folder then) nor the start before.
 */
function loadedWindow(profile: CpuProfile, times: number[], seconds: number) {
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const inCall = new Map<number, boolean>();
  const called = (id: number): boolean => {
    const known = inCall.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const parent = parents.get(id);
    const found = node?.callFrame.functionName === 'runAction' || (parent !== undefined && called(parent));
    inCall.set(id, found);
    return found;
  };
  let toUs = times[times.length - 1] ?? 0;
  for (let index = profile.samples.length - 1; index >= 0; index--)
    if (called(profile.samples[index] as number)) {
      toUs = times[index] ?? toUs;
      break;
    }
  return { fromUs: toUs - seconds * 1e6, toUs };
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [rows]');
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const last = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
  process.stdout.write(`${summarise(profile, Number(process.argv[3] ?? 25), last)}\n`);
}
