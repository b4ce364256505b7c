import { describe, expect, it } from 'vitest';
import { chunkFiles, composePage, composeServerTemplate, extractEmotionStyles, fillServerTemplate } from './prerender-html.mjs';

const TEMPLATE = `<!doctype html>
<html lang="en" class="dark">
  <head>
    <meta name="description" content="Default." />
    <title>Threadline</title>
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-b.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('prerendered pages', () => {
  it("moves Emotion's styles out of the markup: globals apart, components in one tag, each rule once", () => {
    const markup =
      '<style data-emotion="css-global g1">body{margin:0}</style><style data-emotion="css a1">.css-a1{color:red}</style><div class="css-a1">' +
      '<style data-emotion="css b2">.css-b2{display:flex}</style><p class="css-b2">x</p><style data-emotion="css a1">.css-a1{color:red}</style></div>';
    const { body, styles } = extractEmotionStyles(markup);
    expect(body).toBe('<div class="css-a1"><p class="css-b2">x</p></div>');
    expect(styles).toEqual([
      '<style data-emotion="css-global g1">body{margin:0}</style>',
      '<style data-emotion="css a1 b2">.css-a1{color:red}.css-b2{display:flex}</style>',
    ]);
  });

  it('composes the page: title, description, styles before theme-init.js, scripts loaded after the paint, inert markup', () => {
    const html = composePage(TEMPLATE, {
      markup: '<style data-emotion="css a1">.css-a1{color:red}</style><main class="css-a1">Shop & more</main>',
      path: '/shop',
      title: 'Shop · Threadline',
      description: 'Browse "everything".',
      modulePreloads: ['assets/framework-b.js', 'assets/ShopPage-c.js'],
      bootScripts: ['shop-boot.js'],
    });
    expect(html).toContain('<title>Shop · Threadline</title>');
    expect(html).toContain('<meta name="description" content="Browse &quot;everything&quot;." />');
    expect(html.indexOf('data-emotion="css a1"')).toBeLessThan(html.indexOf('theme-init.js'));
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(
      '<script defer fetchpriority="high" src="/shop-boot.js"></script>\n    <script defer src="/app-loader.js" data-entry="/assets/index-a.js" data-preload="/assets/framework-b.js /assets/ShopPage-c.js"></script>',
    );
    expect(html).toContain('<div id="root"><div class="prerendered" data-path="/shop" inert><main class="css-a1">Shop & more</main></div></div>');
  });

  it('composes the light twin of a page: no dark class on the root, the light bar colour, the mode on the markup', () => {
    const template = TEMPLATE.replace('<title>', '<meta name="theme-color" content="#0f1115" />\n    <title>');
    const page = (darkMode: boolean) =>
      composePage(template, {
        markup: '<main>FAQ</main>',
        path: '/faq',
        title: 'FAQ · Threadline',
        description: 'Answers.',
        modulePreloads: [],
        darkMode,
      });
    expect(page(true)).toContain('<html lang="en" class="dark">');
    expect(page(true)).toContain('<div class="prerendered" data-path="/faq" inert>');
    const light = page(false);
    expect(light).toContain('<html lang="en">');
    expect(light).toContain('<meta name="theme-color" content="#f7f7f9" />');
    expect(light).toContain('<div class="prerendered" data-path="/faq" data-dark="false" inert><main>FAQ</main></div>');
  });

  it('lists a chunk with what it imports, once each', () => {
    const manifest = {
      'src/Page.tsx': { file: 'assets/Page-1.js', imports: ['_shared.js', 'index.html'] },
      '_shared.js': { file: 'assets/shared-2.js', imports: ['index.html'] },
      'index.html': { file: 'assets/index-3.js' },
    };
    expect(chunkFiles(manifest, 'src/Page.tsx')).toEqual(['assets/Page-1.js', 'assets/shared-2.js', 'assets/index-3.js']);
  });

  it('fills a server-rendered page: markup, styles before theme-init.js, path with its query, mode, data that cannot end its block', () => {
    const template = composeServerTemplate(TEMPLATE, {
      title: 'Shop · Threadline',
      description: 'Browse.',
      modulePreloads: ['assets/ShopPage-c.js'],
    });
    expect(template).not.toContain('shop-boot.js');
    const page = (darkMode: boolean) =>
      fillServerTemplate(template, {
        markup: '<style data-emotion="css a1">.css-a1{color:red}</style><main class="css-a1">Denim &amp; more $1,175.00</main>',
        path: '/shop?page=2&x="',
        darkMode,
        data: { api: { queries: { q: { name: '</script><script>alert(1)</script>' } } } },
      });
    const dark = page(true);
    expect(dark).toContain('<html lang="en" class="dark">');
    expect(dark).toContain(
      '<div class="prerendered" data-path="/shop?page=2&amp;x=&quot;" data-dark="true" inert><main class="css-a1">Denim &amp; more $1,175.00</main></div>',
    );
    expect(dark.indexOf('data-emotion="css a1"')).toBeLessThan(dark.indexOf('theme-init.js'));
    const block = /<script type="application\/json" id="server-data">([\s\S]*?)<\/script>/.exec(dark);
    expect(block).not.toBeNull();
    expect(JSON.parse(block?.[1] ?? '')).toEqual({ api: { queries: { q: { name: '</script><script>alert(1)</script>' } } } });
    expect(dark).not.toContain('<script>alert(1)');
    const light = page(false);
    expect(light).toContain('<html lang="en">');
    expect(light).toContain('data-dark="false"');
  });

  it("gives a server-rendered page the title and description it asked for while rendering (the template's otherwise)", () => {
    const template = composeServerTemplate(TEMPLATE, { title: 'Threadline', description: 'Default.', modulePreloads: [] });
    const html = fillServerTemplate(template, {
      markup: '<h1>Wool Beanie</h1>',
      path: '/product/1',
      darkMode: true,
      data: {},
      meta: { title: 'Wool Beanie & Co · Threadline', description: 'A "warm" beanie.' },
    });
    expect(html).toContain('<title>Wool Beanie &amp; Co · Threadline</title>');
    expect(html).toContain('<meta name="description" content="A &quot;warm&quot; beanie." />');
    expect(fillServerTemplate(template, { markup: '', path: '/', darkMode: true, data: {} })).toContain('<title>Threadline</title>');
  });
});
