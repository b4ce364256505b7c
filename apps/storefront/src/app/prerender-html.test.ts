import { describe, expect, it } from 'vitest';
import { chunkFiles, composePage, extractEmotionStyles } from './prerender-html.mjs';

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
    expect(styles).toEqual(['<style data-emotion="css-global g1">body{margin:0}</style>', '<style data-emotion="css a1 b2">.css-a1{color:red}.css-b2{display:flex}</style>']);
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
    expect(html).toContain('<script defer fetchpriority="high" src="/shop-boot.js"></script>\n    <script defer src="/app-loader.js" data-entry="/assets/index-a.js" data-preload="/assets/framework-b.js /assets/ShopPage-c.js"></script>');
    expect(html).toContain('<div id="root"><div class="prerendered" data-path="/shop" inert><main class="css-a1">Shop & more</main></div></div>');
  });

  it('lists a chunk with what it imports, once each', () => {
    const manifest = {
      'src/Page.tsx': { file: 'assets/Page-1.js', imports: ['_shared.js', 'index.html'] },
      '_shared.js': { file: 'assets/shared-2.js', imports: ['index.html'] },
      'index.html': { file: 'assets/index-3.js' },
    };
    expect(chunkFiles(manifest, 'src/Page.tsx')).toEqual(['assets/Page-1.js', 'assets/shared-2.js', 'assets/index-3.js']);
  });
});
