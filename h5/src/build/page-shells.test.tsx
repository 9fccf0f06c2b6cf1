import { renderToStaticMarkup } from 'react-dom/server';
import { PageLoading } from '../components/PageState';
import { LOADING_SHELL, shellFileName, shellHtml } from './page-shells';

const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>加载中…</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

test('the shell is the markup of React’s first render of a loading page, so nothing flashes', () => {
  expect(renderToStaticMarkup(<PageLoading />)).toBe(LOADING_SHELL);
});

test('a page’s HTML has the shell in #root, its title, and preloads what the index does not load', () => {
  const html = shellHtml(INDEX, {
    title: '登录',
    jsFiles: ['assets/index-a.js', 'assets/react-b.js', 'assets/LoginPage-d.js'],
    cssFiles: ['assets/index-c.css', 'assets/login-e.css'],
  });
  expect(html).toContain(`<div id="root">${LOADING_SHELL}</div>`);
  expect(html).toContain('<title>登录</title>');
  expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-d.js">');
  expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/login-e.css">');
  expect(html.match(/react-b\.js/g)).toHaveLength(1);
  expect(html.match(/index-c\.css/g)).toHaveLength(1);
  expect(html.indexOf('LoginPage-d.js')).toBeLessThan(html.indexOf('</head>'));
});

test('/ keeps the neutral title (its HTML is every other path’s page too)', () => {
  const html = shellHtml(INDEX, { jsFiles: [], cssFiles: [] });
  expect(html).toContain('<title>加载中…</title>');
  expect(shellFileName('/')).toBe('index.html');
  expect(shellFileName('/login')).toBe('login/index.html');
  expect(shellFileName('/v2/classSelectCenter/')).toBe('v2/classSelectCenter/index.html');
});

test('an index.html without an empty #root is refused', () => {
  expect(() => shellHtml('<html><head></head><body></body></html>', { jsFiles: [], cssFiles: [] })).toThrow(
    /#root|root/,
  );
});
