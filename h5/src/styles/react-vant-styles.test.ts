import fs from 'node:fs';
import path from 'node:path';

/**
 * react-vant's per-component CSS is only kept when h5/src/styles/react-vant.ts imports it (see that
 * file): every component the site imports from 'react-vant' must have its line there.
 */
const SRC = path.resolve(__dirname, '..');
const STYLES = fs.readFileSync(path.join(__dirname, 'react-vant.ts'), 'utf8');

/** Every source file of the site (tests excluded). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The components (values, not types) imported from 'react-vant' anywhere in the site. */
function usedComponents(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-vant'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0] ?? name);
      }
    }
  }
  return [...names].sort();
}

/** `PullRefresh` -> `pull-refresh`, react-vant's folder names. */
const folderOf = (component: string) => component.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();

describe('react-vant component styles', () => {
  const components = usedComponents();

  it('finds the components the site uses', () => {
    expect(components).toEqual(expect.arrayContaining(['Button', 'Search', 'Tag', 'Toast']));
  });

  it.each(components)('loads the CSS of %s', (component) => {
    expect(STYLES).toContain(`import 'react-vant/es/${folderOf(component)}/style/index.css';`);
  });

  it('imports only style files that exist', () => {
    for (const [, file] of STYLES.matchAll(/^import '([^']+)';$/gm)) {
      expect(fs.existsSync(require.resolve(file as string))).toBe(true);
    }
  });
});
