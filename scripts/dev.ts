import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `npm run dev`: the API with reload on change (apps not served by it) and both apps on Vite dev
 * servers that proxy /api to it. Ctrl-C stops all three.
 */
const ROOT = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', 'api/src/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, SERVE_APPS: 'false' },
  }),
  spawn(bin('vite'), ['--port', '5173', '--strictPort'], { cwd: path.join(ROOT, 'h5'), stdio: 'inherit' }),
  spawn(bin('vite'), ['--port', '5174', '--strictPort'], { cwd: path.join(ROOT, 'admin'), stdio: 'inherit' }),
];
process.stdout.write(
  'Dev servers: H5 http://localhost:5173/  back office http://localhost:5174/admin/  API http://localhost:8080/api\n',
);

const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stopAll());
