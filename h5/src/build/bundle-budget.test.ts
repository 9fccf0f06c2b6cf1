import { randomBytes } from 'node:crypto';
import {
  type BudgetChunk,
  budgetViolations,
  describeMeasures,
  fileCount,
  gzipSize,
  H5_BUDGET,
  H5_FIRST_ROUTES,
  measureFirstRoutes,
} from './bundle-budget';

/** Text that gzip cannot shrink much: `bytes` random bytes as hex. */
const incompressible = (bytes: number) => randomBytes(bytes / 2).toString('hex');

function chunk(overrides: Partial<BudgetChunk> & Pick<BudgetChunk, 'fileName'>): BudgetChunk {
  return {
    code: 'export{}',
    isEntry: false,
    imports: [],
    facadeModuleId: null,
    moduleIds: [],
    importedCss: [],
    ...overrides,
  };
}

const ROOT = '/work/main/h5/';
const CHUNKS: BudgetChunk[] = [
  chunk({
    fileName: 'assets/index.js',
    isEntry: true,
    code: incompressible(20_000),
    imports: ['assets/vendor.js'],
    importedCss: ['assets/index.css'],
  }),
  chunk({ fileName: 'assets/vendor.js', code: incompressible(40_000), importedCss: ['assets/vendor.css'] }),
  chunk({
    fileName: 'assets/TrainIndexPage.js',
    facadeModuleId: `${ROOT}src/views/train-index/TrainIndexPage.tsx`,
    code: incompressible(2_000),
    imports: ['assets/vendor.js'],
  }),
  chunk({
    fileName: 'assets/LoginPage.js',
    facadeModuleId: `${ROOT}src/views/login/LoginPage.tsx`,
    code: incompressible(4_000),
    imports: ['assets/form.js'],
    importedCss: ['assets/login.css'],
  }),
  chunk({ fileName: 'assets/form.js', code: incompressible(30_000), imports: ['assets/vendor.js'] }),
  chunk({
    fileName: 'assets/weixin-js-sdk.js',
    code: incompressible(12_000),
    moduleIds: [`${ROOT}../node_modules/weixin-js-sdk/index.js`],
  }),
  chunk({
    fileName: 'assets/ClassCenterPage.js',
    facadeModuleId: `${ROOT}src/views/class-center/ClassCenterPage.tsx`,
    code: incompressible(3_000),
    imports: ['assets/vendor.js', 'assets/class-list.js'],
    importedCss: ['assets/centre.css'],
  }),
  chunk({
    fileName: 'assets/class-list.js',
    code: incompressible(2_000),
    importedCss: ['assets/class-list.css'],
  }),
  chunk({
    fileName: 'assets/MyPage.js',
    facadeModuleId: `${ROOT}src/views/my/MyPage.tsx`,
    code: incompressible(9_000),
  }),
];
const CSS = new Map<string, string>([
  ['assets/index.css', incompressible(1_000)],
  ['assets/vendor.css', incompressible(3_000)],
  ['assets/login.css', incompressible(2_000)],
  ['assets/centre.css', incompressible(1_000)],
  ['assets/class-list.css', incompressible(1_000)],
]);

describe('measureFirstRoutes', () => {
  it('counts the entry, the screen and everything they import statically, once each', () => {
    const [home, login] = measureFirstRoutes(CHUNKS, CSS, H5_FIRST_ROUTES, H5_BUDGET.lazyPackages);
    expect(home?.jsFiles.sort()).toEqual(['assets/TrainIndexPage.js', 'assets/index.js', 'assets/vendor.js']);
    expect(home?.cssFiles.sort()).toEqual(['assets/index.css', 'assets/vendor.css']);
    expect(login?.jsFiles.sort()).toEqual([
      'assets/LoginPage.js',
      'assets/form.js',
      'assets/index.js',
      'assets/vendor.js',
    ]);
    expect(login?.cssFiles.sort()).toEqual(['assets/index.css', 'assets/login.css', 'assets/vendor.css']);
    const size = (file: string) => gzipSize(CHUNKS.find((c) => c.fileName === file)?.code ?? '');
    expect(login?.jsGzipBytes).toBe(
      size('assets/index.js') +
        size('assets/vendor.js') +
        size('assets/LoginPage.js') +
        size('assets/form.js'),
    );
    expect(login?.cssGzipBytes).toBe(
      gzipSize(CSS.get('assets/index.css') ?? '') +
        gzipSize(CSS.get('assets/vendor.css') ?? '') +
        gzipSize(CSS.get('assets/login.css') ?? ''),
    );
    expect(home?.eagerPackages).toEqual([]);
  });

  it('finds a lazy package that was pulled into a first route', () => {
    const eager = CHUNKS.map((c) =>
      c.fileName === 'assets/vendor.js' ? { ...c, moduleIds: ['/x/node_modules/weixin-js-sdk/index.js'] } : c,
    );
    const [home] = measureFirstRoutes(eager, CSS, H5_FIRST_ROUTES, ['weixin-js-sdk']);
    expect(home?.eagerPackages).toEqual(['weixin-js-sdk']);
    expect(budgetViolations([home as NonNullable<typeof home>], H5_BUDGET)).toEqual([
      '/: weixin-js-sdk must be loaded on demand, not with the first route',
    ]);
  });

  it('refuses a bundle whose screen is not lazy any more, or without an entry', () => {
    const eagerLogin = CHUNKS.filter((c) => c.fileName !== 'assets/LoginPage.js');
    expect(() => measureFirstRoutes(eagerLogin, CSS, H5_FIRST_ROUTES)).toThrow(
      'no lazy chunk for src/views/login/LoginPage.tsx (/login)',
    );
    expect(() => measureFirstRoutes(CHUNKS.slice(1), CSS, H5_FIRST_ROUTES)).toThrow('no entry chunk');
  });
});

describe('the file count of a first route', () => {
  it('counts the JavaScript and CSS files the class centre loads first', () => {
    const centre = measureFirstRoutes(CHUNKS, CSS, H5_FIRST_ROUTES).find(
      (measure) => measure.path === '/classSelectCenter',
    );
    expect(centre?.jsFiles.sort()).toEqual([
      'assets/ClassCenterPage.js',
      'assets/class-list.js',
      'assets/index.js',
      'assets/vendor.js',
    ]);
    expect(centre && fileCount(centre)).toBe(8);
  });

  it('fails a route with more files than its limit, naming how many of each', () => {
    const measures = measureFirstRoutes(CHUNKS, CSS, [
      {
        path: '/classSelectCenter',
        screen: 'src/views/class-center/ClassCenterPage.tsx',
        limits: { files: 7 },
      },
      { path: '/login', screen: 'src/views/login/LoginPage.tsx', limits: { files: 7 } },
    ]);
    expect(budgetViolations(measures, H5_BUDGET)).toEqual(['/classSelectCenter: 8 files (4 JS, 4 CSS) > 7']);
    expect(describeMeasures(measures, H5_BUDGET)).toContain('(gzip; 4 JS, 4 CSS files / 7)');
  });

  it('holds the real class centre to a file limit', () => {
    const centre = H5_FIRST_ROUTES.find((route) => route.path === '/classSelectCenter');
    expect(centre?.limits?.files).toBeGreaterThan(0);
  });
});

describe('budgetViolations', () => {
  const measure = { path: '/login', jsFiles: [], cssFiles: [], eagerPackages: [] };

  it('passes routes within the limits (inclusive)', () => {
    expect(
      budgetViolations([{ ...measure, jsGzipBytes: 150 * 1024, cssGzipBytes: 30 * 1024 }], H5_BUDGET),
    ).toEqual([]);
  });

  it('names each route and limit exceeded', () => {
    expect(
      budgetViolations([{ ...measure, jsGzipBytes: 150 * 1024 + 1, cssGzipBytes: 31 * 1024 }], H5_BUDGET),
    ).toEqual(['/login: JavaScript 150.0 KB gzipped > 150.0 KB', '/login: CSS 31.0 KB gzipped > 30.0 KB']);
  });

  it('fails the real measures of a too large route', () => {
    const huge = CHUNKS.map((c) =>
      c.fileName === 'assets/form.js' ? { ...c, code: incompressible(400_000) } : c,
    );
    const measures = measureFirstRoutes(huge, CSS, H5_FIRST_ROUTES, H5_BUDGET.lazyPackages);
    const violations = budgetViolations(measures, H5_BUDGET);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/^\/login: JavaScript \d+\.\d KB gzipped > 150\.0 KB$/);
    expect(describeMeasures(measures, H5_BUDGET)).toMatch(
      /bundle budget \/: JS .* \/ 150\.0 KB, CSS .* \/ 30\.0 KB/,
    );
  });
});

describe('routes of their own (the back office)', () => {
  const layout = chunk({
    fileName: 'assets/Layout.js',
    facadeModuleId: `${ROOT}src/layout/Layout.tsx`,
    code: incompressible(8_000),
    imports: ['assets/vendor.js'],
  });
  const chunks = [...CHUNKS, layout];

  it('counts the lazy modules a route also loads (the layout) with their imports', () => {
    const [home] = measureFirstRoutes(chunks, CSS, [
      { path: '/', screen: 'src/views/train-index/TrainIndexPage.tsx', alsoLoads: ['src/layout/Layout.tsx'] },
    ]);
    expect(home?.jsFiles.sort()).toEqual([
      'assets/Layout.js',
      'assets/TrainIndexPage.js',
      'assets/index.js',
      'assets/vendor.js',
    ]);
  });

  it('holds a route to its own limits where it has them, the others to the app’s', () => {
    const measures = measureFirstRoutes(chunks, CSS, [
      { path: '/', screen: 'src/views/train-index/TrainIndexPage.tsx' },
      { path: '/login', screen: 'src/views/login/LoginPage.tsx', limits: { jsGzipBytes: 1024 } },
    ]);
    const violations = budgetViolations(measures, H5_BUDGET);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/^\/login: JavaScript .* > 1\.0 KB$/);
    expect(describeMeasures(measures, H5_BUDGET)).toContain('/ 1.0 KB');
  });
});
