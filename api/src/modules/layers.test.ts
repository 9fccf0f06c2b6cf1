import fs from 'node:fs';
import path from 'node:path';
import { MODULE_LAYERS } from './layers';

const MODULES_DIR = __dirname;
const layerOf = new Map(
  MODULE_LAYERS.flatMap((modules, layer) => modules.map((name) => [name, layer] as const)),
);

/** Every source file of a module (tests excluded: they may reach across to build their data). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const modules = fs
  .readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

test('every module has a layer', () => {
  expect(modules.filter((name) => !layerOf.has(name))).toEqual([]);
});

test('no module imports a module beside or above it', () => {
  const wrong: string[] = [];
  for (const name of modules) {
    for (const file of sourceFiles(path.join(MODULES_DIR, name))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/from '((?:\.\.\/)+)([a-z-]+)\//g)) {
        const target = path.basename(path.resolve(path.dirname(file), match[1] ?? '', match[2] ?? ''));
        if (target === name || !layerOf.has(target)) continue;
        if ((layerOf.get(target) ?? 0) >= (layerOf.get(name) ?? 0))
          wrong.push(`${path.relative(MODULES_DIR, file)} imports ${target}`);
      }
    }
  }
  expect(wrong).toEqual([]);
});
