import type { Plugin } from 'vite';
import {
  type BudgetChunk,
  type BudgetRoute,
  measureFirstRoutes,
  type AssetOutput as OutputAsset,
  type ChunkWithMetadata as OutputChunk,
} from './bundle-budget';

/**
 * Prerendered page shells of the student H5 (issue 16, first paint on a phone).
 *
 * Every page the server sends carries, inside `#root`, the markup of the whole-page loading state
 * (`<PageLoading />`: react-vant's spinner and 加载中…), so the browser paints as soon as the HTML and
 * the entry CSS arrive instead of after the scripts download and run. React's first render replaces
 * it with the same loading state (or the screen), so nothing jumps or flashes. The shell is
 * deliberately not a prerendered form or list: what those show depends on the project's settings
 * (title, sign-in methods, hidden login page), the unit and the session, none of which the build knows,
 * and a guessed form would flash wrong content for some projects and for signed-in students.
 *
 * The first screens (`SHELL_PAGES`) also get their own HTML file (`login/index.html`, ...; the
 * static server sends `<path>/index.html` when it exists) whose head preloads the screen's lazy chunk,
 * the chunks it imports and its CSS, so they download alongside the entry instead of after it has run.
 * `/` is `index.html` itself (also the fallback of every other path).
 */

/**
 * A first screen that gets an HTML file of its own: its path, its screen module and its route title
 * (none for `/`: index.html is every other path's page too, so it keeps the neutral 加载中…).
 */
export interface ShellPage extends BudgetRoute {
  title?: string;
}

export const SHELL_PAGES: readonly ShellPage[] = [
  {
    path: '/',
    screen: 'src/views/train-index/TrainIndexPage.tsx',
    // The banner carousel, its largest paint, loads with the screen rather than after it.
    alsoLoads: ['src/views/train-index/components/BannerSwiper.tsx'],
  },
  { path: '/login', screen: 'src/views/login/LoginPage.tsx', title: '登录' },
  {
    path: '/classSelectCenter',
    screen: 'src/views/class-center/ClassCenterPage.tsx',
    title: '选课中心',
  },
];

/**
 * The static markup of `<PageLoading />` (src/components/PageState.tsx); page-shells.test.tsx checks
 * it against the component, so the shell and React's first render stay identical.
 */
export const LOADING_SHELL =
  '<div class="page page--centered"><div class="rv-loading rv-loading--circular rv-loading--vertical"><span class="rv-loading__spinner rv-loading__spinner--circular"><svg class="rv-loading__circular" viewBox="25 25 50 50"><circle cx="50" cy="50" r="20" fill="none"></circle></svg></span><span class="rv-loading__text">加载中…</span></div></div>';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The HTML of a page: the built index.html with the loading shell in `#root`, the page's title, and
 * preload links for `jsFiles` (modulepreload) and `cssFiles` (preload as style, applied when the
 * screen's chunk asks for it) that the HTML does not already load. Throws when the HTML has no empty
 * `#root` or no `</head>`.
 */
export function shellHtml(
  indexHtml: string,
  page: { title?: string | undefined; jsFiles: readonly string[]; cssFiles: readonly string[] },
  base = '/',
): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`page shells: index.html has no ${ROOT_ELEMENT}`);
  if (!indexHtml.includes('</head>')) throw new Error('page shells: index.html has no </head>');
  const missing = (file: string) => !indexHtml.includes(`"${base}${file}"`);
  const links = [
    ...page.jsFiles
      .filter(missing)
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
    ...page.cssFiles
      .filter(missing)
      .map((file) => `<link rel="preload" as="style" crossorigin href="${base}${file}">`),
  ];
  const titled = page.title
    ? indexHtml.replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
    : indexHtml;
  return titled
    .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
    .replace(ROOT_ELEMENT, `<div id="root">${LOADING_SHELL}</div>`);
}

/** Where a page's HTML goes in the build: `index.html` for `/`, `<path>/index.html` otherwise. */
export function shellFileName(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}/index.html`;
}

/** The Vite plugin that writes the page shells (see the top of this file). */
export function pageShells(pages: readonly ShellPage[] = SHELL_PAGES): Plugin {
  let base = '/';
  return {
    name: 'px:page-shells',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const outputs = Object.values(bundle) as unknown as (OutputChunk | OutputAsset)[];
      const index = outputs.find(
        (output): output is OutputAsset => output.type === 'asset' && output.fileName === 'index.html',
      );
      if (!index) this.error('page shells: the build has no index.html');
      const indexHtml = String(index.source);
      const chunks: BudgetChunk[] = outputs
        .filter((output): output is OutputChunk => output.type === 'chunk')
        .map((chunk) => ({
          fileName: chunk.fileName,
          code: chunk.code,
          isEntry: chunk.isEntry,
          imports: chunk.imports,
          facadeModuleId: chunk.facadeModuleId,
          moduleIds: chunk.moduleIds,
          importedCss: [...(chunk.viteMetadata?.importedCss ?? [])],
        }));
      const measures = measureFirstRoutes(chunks, new Map(), pages);
      pages.forEach((page, i) => {
        const measure = measures[i];
        if (!measure) return;
        const html = shellHtml(indexHtml, { title: page.title, ...measure }, base);
        const fileName = shellFileName(page.path);
        if (fileName === 'index.html') index.source = html;
        else this.emitFile({ type: 'asset', fileName, source: html });
      });
    },
  };
}
