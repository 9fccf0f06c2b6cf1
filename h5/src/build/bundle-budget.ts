import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The first-route budget of the student H5 (brief: <= 150 KB gzipped JavaScript and <= 30 KB gzipped
 * CSS, and for some routes a number of files): what a visitor downloads before the first screen of
 * `/`, `/login` or `/classSelectCenter` shows. Measured after
 * `vite build` on the written bundle: the entry chunk, the route's lazy screen chunk, every chunk
 * they import statically (transitively; index.html preloads them) and the CSS files those chunks
 * import, each gzipped on its own (zlib default level, as a server would send them).
 */

/** The facts of one output chunk the measure needs. */
export interface BudgetChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: readonly string[];
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  importedCss: readonly string[];
}

/** A first route: its path and the module of its screen (a lazy chunk's facade), relative to the app. */
export interface BudgetRoute {
  path: string;
  screen: string;
  /** Other lazy modules the route loads before its screen shows (e.g. the back office's layout). */
  alsoLoads?: readonly string[];
  /** The route's own limits, where they differ from the app's. */
  limits?: RouteLimits;
}

/** Gzipped byte limits of one route, and how many files (JavaScript and CSS) its first load may take. */
export interface RouteLimits {
  jsGzipBytes?: number;
  cssGzipBytes?: number;
  /**
   * JavaScript and CSS files together: each is a request before the screen shows (on HTTP/1.1's
   * six connections, a round trip each beyond six), so their number counts besides their size.
   */
  files?: number;
}

export interface BudgetLimits {
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** How many JavaScript and CSS files a first route may load (RouteLimits.files); none when unset. */
  files?: number;
  /** Packages that must stay out of the first routes (loaded on demand), e.g. `weixin-js-sdk`. */
  lazyPackages: readonly string[];
}

export interface RouteMeasure {
  path: string;
  jsFiles: string[];
  cssFiles: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** `lazyPackages` found in the route's chunks. */
  eagerPackages: string[];
  /** The route's own limits (BudgetRoute.limits), if any. */
  limits?: RouteLimits;
}

export const H5_BUDGET: BudgetLimits = {
  jsGzipBytes: 150 * 1024,
  cssGzipBytes: 30 * 1024,
  lazyPackages: ['weixin-js-sdk', 'pdfjs-dist'],
};

/**
 * The back office's first-load budget (issue 16): its home and the class list, signed in, each with
 * the layout around every page (lazy too). Set just above their size when it was introduced (JS
 * 342.7 KB and 469.3 KB, CSS 1.1 KB and 1.3 KB gzipped; antd, which styles itself in JavaScript, is
 * most of it; every page is already its own chunk), so that growth is a decision.
 */
export const ADMIN_BUDGET: BudgetLimits = {
  jsGzipBytes: 350 * 1024,
  cssGzipBytes: 2 * 1024,
  // echarts (and its renderer zrender) reach the browser only with the dashboard.
  lazyPackages: ['exceljs', 'xlsx', 'echarts', 'zrender'],
};

export const ADMIN_FIRST_ROUTES: readonly BudgetRoute[] = [
  { path: '/admin/', screen: 'src/views/home/HomePage.tsx', alsoLoads: ['src/layout/BasicLayout.tsx'] },
  {
    path: '/admin/train-manage/class',
    screen: 'src/views/train-manage/class/ClassListPage.tsx',
    alsoLoads: ['src/layout/BasicLayout.tsx'],
    // 477: echarts' namespace exports moved rolldown's runtime helpers into a chunk of their own,
    // which every chunk now imports (about 20 bytes each, 1.1 KB in all); the page holds no more code.
    // 480: 职业工种目录 (a third screen on antd's Tree, beside this page's class categories and the
    // resource trees) made rolldown regroup the shared antd chunks (tree, empty, radio, style in
    // chunks of their own: 2.8 KB more gzip for the same modules); the page holds no more code.
    limits: { jsGzipBytes: 480 * 1024 },
  },
];

export const H5_FIRST_ROUTES: readonly BudgetRoute[] = [
  { path: '/', screen: 'src/views/train-index/TrainIndexPage.tsx' },
  { path: '/login', screen: 'src/views/login/LoginPage.tsx' },
  {
    // The public class centre, the page a visitor's link opens (issue 29: its fan-out of small files
    // delays its first paint on a phone). Held at the 23 JS and 8 CSS files it loads today, so that
    // more is a decision; first-route-chunks.ts is where to group them into fewer.
    path: '/classSelectCenter',
    screen: 'src/views/class-center/ClassCenterPage.tsx',
    limits: { files: 31 },
  },
];

/** Gzipped size in bytes. */
export function gzipSize(content: string | Uint8Array): number {
  return gzipSync(content).length;
}

const normalise = (id: string) => id.replace(/\\/g, '/').split('?')[0] ?? id;

/**
 * Measures each first route over the chunks and the CSS sources of a build. Throws when the bundle
 * has no entry chunk or a route's screen is not a chunk of its own (no longer lazy-loaded).
 */
export function measureFirstRoutes(
  chunks: readonly BudgetChunk[],
  cssSources: ReadonlyMap<string, string | Uint8Array>,
  routes: readonly BudgetRoute[],
  lazyPackages: readonly string[] = [],
): RouteMeasure[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('bundle budget: the bundle has no entry chunk');

  const lazyChunk = (route: BudgetRoute, module: string) => {
    const found = chunks.find(
      (chunk) => chunk.facadeModuleId && normalise(chunk.facadeModuleId).endsWith(`/${module}`),
    );
    if (!found)
      throw new Error(
        `bundle budget: no lazy chunk for ${module} (${route.path}); is the screen still lazy-loaded?`,
      );
    return found.fileName;
  };
  return routes.map((route) => {
    const seen = new Set<string>();
    const queue = [
      entry.fileName,
      lazyChunk(route, route.screen),
      ...(route.alsoLoads ?? []).map((module) => lazyChunk(route, module)),
    ];
    while (queue.length) {
      const file = queue.shift() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) queue.push(imported);
    }
    const jsFiles = [...seen].filter((file) => byFile.has(file));
    const included = jsFiles.map((file) => byFile.get(file) as BudgetChunk);
    const cssFiles = [...new Set(included.flatMap((chunk) => chunk.importedCss))];
    const eagerPackages = lazyPackages.filter((name) =>
      included.some((chunk) =>
        chunk.moduleIds.some((id) => normalise(id).includes(`/node_modules/${name}/`)),
      ),
    );
    return {
      path: route.path,
      ...(route.limits ? { limits: route.limits } : {}),
      jsFiles,
      cssFiles,
      jsGzipBytes: included.reduce((sum, chunk) => sum + gzipSize(chunk.code), 0),
      cssGzipBytes: cssFiles.reduce((sum, file) => sum + gzipSize(cssSources.get(file) ?? ''), 0),
      eagerPackages,
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The JavaScript and CSS files of a route's first load. */
export const fileCount = (measure: Pick<RouteMeasure, 'jsFiles' | 'cssFiles'>) =>
  measure.jsFiles.length + measure.cssFiles.length;

/** The budget's violations, one line each (empty when every route fits). */
export function budgetViolations(measures: readonly RouteMeasure[], appLimits: BudgetLimits): string[] {
  return measures.flatMap((measure) => {
    const limits = { ...appLimits, ...measure.limits };
    return [
      ...(measure.jsGzipBytes > limits.jsGzipBytes
        ? [`${measure.path}: JavaScript ${kb(measure.jsGzipBytes)} gzipped > ${kb(limits.jsGzipBytes)}`]
        : []),
      ...(measure.cssGzipBytes > limits.cssGzipBytes
        ? [`${measure.path}: CSS ${kb(measure.cssGzipBytes)} gzipped > ${kb(limits.cssGzipBytes)}`]
        : []),
      ...(limits.files !== undefined && fileCount(measure) > limits.files
        ? [
            `${measure.path}: ${fileCount(measure)} files (${measure.jsFiles.length} JS, ${measure.cssFiles.length} CSS) > ${limits.files}`,
          ]
        : []),
      ...measure.eagerPackages.map(
        (name) => `${measure.path}: ${name} must be loaded on demand, not with the first route`,
      ),
    ];
  });
}

/** One line per route for the build log. */
export function describeMeasures(measures: readonly RouteMeasure[], appLimits: BudgetLimits): string {
  return measures
    .map((measure) => {
      const limits = { ...appLimits, ...measure.limits };
      return (
        `bundle budget ${measure.path}: JS ${kb(measure.jsGzipBytes)} / ${kb(limits.jsGzipBytes)}, CSS ${kb(measure.cssGzipBytes)} / ${kb(limits.cssGzipBytes)} (gzip; ${measure.jsFiles.length} JS, ${measure.cssFiles.length} CSS files${limits.files === undefined ? '' : ` / ${limits.files}`})` +
        (process.env.BUDGET_FILES ? `\n  ${measure.jsFiles.join('\n  ')}` : '')
      );
    })
    .join('\n');
}

/** A chunk of Vite's output bundle, as the build plugins read it. */
export interface ChunkWithMetadata {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}
/** An asset of Vite's output bundle, as the build plugins read it. */
export interface AssetOutput {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

/**
 * A Vite plugin that fails `vite build` when a first route exceeds the budget (or pulls in a
 * package that must load on demand), and logs the measures otherwise.
 */
export function bundleBudget(
  routes: readonly BudgetRoute[] = H5_FIRST_ROUTES,
  limits: BudgetLimits = H5_BUDGET,
): Plugin {
  return {
    name: 'px:bundle-budget',
    apply: 'build',
    writeBundle(_options, bundle) {
      const outputs = Object.values(bundle) as unknown as (ChunkWithMetadata | AssetOutput)[];
      const chunks: BudgetChunk[] = [];
      const css = new Map<string, string | Uint8Array>();
      for (const output of outputs) {
        if (output.type === 'asset') {
          if (output.fileName.endsWith('.css')) css.set(output.fileName, output.source);
          continue;
        }
        chunks.push({
          fileName: output.fileName,
          code: output.code,
          isEntry: output.isEntry,
          imports: output.imports,
          facadeModuleId: output.facadeModuleId,
          moduleIds: output.moduleIds,
          importedCss: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
      const measures = measureFirstRoutes(chunks, css, routes, limits.lazyPackages);
      const violations = budgetViolations(measures, limits);
      if (violations.length) this.error(`first-route bundle budget exceeded:\n${violations.join('\n')}`);
      this.info(describeMeasures(measures, limits));
    },
  };
}
