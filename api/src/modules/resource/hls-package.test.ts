import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { ffmpegCommand } from './hls-package';

const onLinux = process.platform === 'linux' ? test : test.skip;

test('only background packaging goes through nice(1); the demo seed packages at the normal priority', () => {
  const args = ['-version'];
  expect(ffmpegCommand(args).args).toEqual(['-hide_banner', '-nostdin', '-version']);
  if (process.platform === 'linux') expect(ffmpegCommand(args, true).args.slice(0, 2)).toEqual(['-n', '19']);
});

onLinux('ffmpeg of the packaging job runs at the lowest CPU priority, every thread of it', async () => {
  // Five seconds of generated silence read at its own pace (-re), encoded to nothing: ffmpeg runs
  // for five seconds, long enough to read its /proc entries.
  const silence = ['-re', '-f', 'lavfi', '-i', 'anullsrc', '-t', '5', '-f', 'null', '-'];
  const { command, args } = ffmpegCommand(silence, true);
  const child = spawn(command, args, { stdio: 'ignore' });
  try {
    const pid = child.pid as number;
    let comm = '';
    for (let waited = 0; comm !== 'ffmpeg' && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    }
    // nice(1) replaced itself with ffmpeg: the same process, now ffmpeg.
    expect(comm).toBe('ffmpeg');
    // The 19th field of each thread's stat (nice), the 17th after the command's closing parenthesis.
    const nices = readdirSync(`/proc/${pid}/task`).map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16];
    });
    expect(nices.length).toBeGreaterThan(0);
    expect(new Set(nices)).toEqual(new Set(['19']));
  } finally {
    child.kill('SIGKILL');
  }
});
