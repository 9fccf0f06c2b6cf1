import fs from 'node:fs';
import path from 'node:path';

/**
 * Issue 27: echarts is loaded only on the dashboard, so no other page grows. The bundler splits at
 * dynamic imports; these are the source facts the split rests on.
 */
const SRC = path.resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(SRC).map((file) => ({
  name: path.relative(SRC, file).split(path.sep).join('/'),
  text: fs.readFileSync(file, 'utf8'),
}));

test('only the dashboard’s echarts-setup imports echarts; everything else takes its types or imports it lazily', () => {
  const valueImports = files
    .filter(({ text }) => /^import (?!type )[^;]*from 'echarts[/']/m.test(text))
    .map(({ name }) => name);
  expect(valueImports).toEqual(['views/dashboard/index/echarts-setup.ts']);

  const setupImporters = files.filter(({ text }) => /echarts-setup'/.test(text));
  expect(setupImporters.map(({ name }) => name)).toEqual(['views/dashboard/index/EChart.tsx']);
  const chart = setupImporters[0]?.text ?? '';
  expect(chart).toMatch(/import\('\.\/echarts-setup'\)/);
  expect(chart).not.toMatch(/^import [^;]*'\.\/echarts-setup'/m);
});

test('the router loads the dashboard page on demand, and no other file imports it', () => {
  const routes = files.find(({ name }) => name === 'router/routes.tsx')?.text ?? '';
  expect(routes).toMatch(/import\('\.\.\/views\/dashboard\/index\/DashboardPage'\)/);
  const staticImporters = files
    .filter(({ name }) => !name.startsWith('views/dashboard/'))
    .filter(({ text }) => /^import [^;]*from '[^']*views\/dashboard\//m.test(text))
    .map(({ name }) => name);
  expect(staticImporters).toEqual([]);
});
