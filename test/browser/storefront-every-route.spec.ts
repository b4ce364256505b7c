import { expect, test, type Page } from '@playwright/test';
import { waitForTakeover } from './browser-support';
import { ROUTES, contextFor, pathOf, routeSweepStack, settle, type Fixtures, type RouteCase } from './route-table';

// The sweeps are independent: they spread over the workers, each with its own shop.
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

/**
 * Issue #42: every route of the route table (route-table.ts) is right from its first paint.
 * - Without JavaScript, the HTML the server sends shows the page's heading and text, in the mode the darkMode
 *   cookie says.
 * - A shopper whose light mode is stored but whose cookie is gone gets the page light on its first paint.
 * - At 320, 390, 768, 1024, 1440 and 1920 px, no page is wider than the viewport (no sideways scroll).
 */

// Globals of the page, for the callbacks run inside it (this program has no DOM lib).
interface El {
  readonly textContent: string | null;
  readonly innerText: string;
  readonly tagName: string;
  readonly className: unknown;
  getBoundingClientRect(): { left: number; right: number; width: number };
}
declare const document: {
  documentElement: El & { classList: { contains(name: string): boolean }; scrollWidth: number; clientWidth: number };
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): Iterable<El>;
};
declare function getComputedStyle(element: El): { visibility: string; backgroundColor: string };
declare const localStorage: { setItem(key: string, value: string): void };
declare function requestAnimationFrame(callback: () => void): number;

/** The page's background in each mode (index.html's first paint colours, the theme's `background.default`). */
const BACKGROUND = { dark: 'rgb(15, 17, 21)', light: 'rgb(247, 247, 249)' };
const WIDTHS = [320, 390, 768, 1024, 1440, 1920];

/** Each path once (a guest and the customer open some of the same ones), with the heading a guest's HTML shows. */
function uniqueRoutes(fixtures: Fixtures): Array<{ path: string; heading: string; status: number }> {
  const seen = new Map<string, { heading: string; status: number }>();
  for (const row of ROUTES) {
    const path = pathOf(row, fixtures);
    if (!seen.has(path))
      seen.set(path, { heading: typeof row.heading === 'function' ? row.heading(fixtures) : row.heading, status: row.status ?? 200 });
  }
  return [...seen].map(([path, page]) => ({ path, ...page }));
}

interface Painted {
  dark: boolean;
  background: string;
  visibility: string;
  heading: string;
  text: string;
}

/** What the page shows: its mode, background, whether the server's markup is visible, its h1 and main text. */
function painted(page: Page): Promise<Painted> {
  return page.evaluate(() => {
    const root = document.querySelector('#root > .prerendered') ?? document.querySelector('#root > div');
    const main = document.querySelector('main');
    return {
      dark: document.documentElement.classList.contains('dark'),
      background: getComputedStyle(document.documentElement).backgroundColor,
      visibility: root ? getComputedStyle(root).visibility : 'missing',
      heading: (document.querySelector('main h1')?.textContent ?? '').trim(),
      text: (main?.innerText ?? '').replace(/\s+/g, ' ').trim(),
    };
  });
}

/** The page's width beyond the viewport's, and the first element that sticks out, to say what to fix. */
function overflow(page: Page): Promise<{ excess: number; culprit: string }> {
  return page.evaluate(
    () =>
      new Promise<{ excess: number; culprit: string }>((resolve) => {
        // Measured after two frames: the layout of the new width has been done.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const { scrollWidth, clientWidth } = document.documentElement;
            let culprit = '';
            if (scrollWidth > clientWidth) {
              // The last element (the innermost) whose right edge makes the page's width.
              for (const el of document.querySelectorAll('body *')) {
                const box = el.getBoundingClientRect();
                if (box.width > 0 && box.right >= scrollWidth - 1) {
                  culprit = `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} (${Math.round(box.left)}–${Math.round(box.right)} px) "${(el.textContent ?? '').slice(0, 30)}"`;
                }
              }
            }
            resolve({ excess: scrollWidth - clientWidth, culprit });
          }),
        );
      }),
  );
}

test.describe('every route from its first paint (browser)', () => {
  const sweep = routeSweepStack();

  for (const dark of [true, false]) {
    test(`without JavaScript, every route shows its heading and text in ${dark ? 'dark' : 'light'} mode (the darkMode cookie)`, async () => {
      const { bs, fixtures } = sweep;
      const context = await bs.browser.newContext({ baseURL: bs.baseUrl, viewport: { width: 1440, height: 900 }, javaScriptEnabled: false });
      await context.addCookies([{ name: 'darkMode', value: String(dark), url: bs.baseUrl }]);
      const page = await context.newPage();
      const wrong: string[] = [];
      try {
        for (const { path, heading, status } of uniqueRoutes(fixtures)) {
          const res = await page.goto(path);
          expect(res?.status(), path).toBe(status);
          // An address that is nothing is kept out of search engines.
          expect(res?.headers()['x-robots-tag'], path).toBe(status === 404 ? 'noindex' : undefined);
          const shown = await painted(page);
          const expected = { dark, background: dark ? BACKGROUND.dark : BACKGROUND.light, visibility: 'visible', heading };
          const actual = { dark: shown.dark, background: shown.background, visibility: shown.visibility, heading: shown.heading };
          if (JSON.stringify(actual) !== JSON.stringify(expected))
            wrong.push(`${path}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
          // Its text, not only a heading: a line beyond it at least.
          else if (shown.text.length < heading.length + 15) wrong.push(`${path}: main shows only "${shown.text}"`);
          else await expect(page.locator('main h1').first(), path).toBeVisible();
        }
      } finally {
        await context.close();
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
    });
  }

  test('a shopper whose light mode is stored but whose cookie is gone gets the page light on its first paint', async () => {
    const { bs } = sweep;
    const context = await bs.browser.newContext({ baseURL: bs.baseUrl, viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('darkMode', 'false'));
    // The app never runs here: what shows is what the server sent, in the mode decided before the first paint.
    await context.route(/\/assets\/.*\.js$|\/app-loader\.js$/, (route) => route.abort());
    const page = await context.newPage();
    try {
      for (const path of ['/faq', '/login', '/shop', '/no/such/page']) {
        await context.clearCookies();
        await page.goto(path);
        await expect(page.locator('main h1').first(), path).toBeVisible();
        const shown = await painted(page);
        expect({ path, dark: shown.dark, background: shown.background, visibility: shown.visibility }).toEqual({
          path,
          dark: false,
          background: BACKGROUND.light,
          visibility: 'visible',
        });
        // The cookie is set for the next page: the server sends it light at once.
        expect((await context.cookies()).find((c) => c.name === 'darkMode')?.value).toBe('false');
      }
    } finally {
      await context.close();
    }
  });

  for (const who of ['guest', 'customer'] as const) {
    test(`no route scrolls sideways at ${WIDTHS.join(', ')} px (${who})`, async () => {
      const { bs, fixtures, session } = sweep;
      const rows = ROUTES.filter((r: RouteCase) => r.who === who);
      const { context, page } = await contextFor(bs, { name: 'sweep', width: WIDTHS[0], height: 900, phone: false }, true, who, session);
      const wide: string[] = [];
      try {
        for (const row of rows) {
          const path = pathOf(row, fixtures);
          await page.setViewportSize({ width: WIDTHS[0], height: 900 });
          await page.goto(path, { waitUntil: 'domcontentloaded' });
          await test.step(`${path} settles`, () => settle(page, row));
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 900 });
            const { excess, culprit } = await overflow(page);
            if (excess > 0) wide.push(`${path} at ${width} px: ${excess} px wider than the viewport, ${culprit}`);
          }
        }
      } finally {
        await context.close();
      }
      expect(wide, wide.join('\n')).toEqual([]);
    });
  }

  test('the sweep sees a sideways scroll when a page has one', async () => {
    const { bs, session } = sweep;
    // The check above can fail: an element wider than the viewport is reported.
    const { context, page } = await contextFor(bs, { name: 'sweep', width: 390, height: 844, phone: false }, true, 'guest', session);
    try {
      await page.goto('/faq');
      await waitForTakeover(page);
      expect((await overflow(page)).excess).toBe(0);
      await page.evaluate(() => {
        const main = document.querySelector('main') as unknown as { insertAdjacentHTML(where: string, html: string): void };
        main.insertAdjacentHTML('beforeend', '<div style="width: 600px; height: 10px"></div>');
      });
      const { excess, culprit } = await overflow(page);
      expect(excess).toBeGreaterThan(0);
      expect(culprit).toContain('div');
    } finally {
      await context.close();
    }
  });
});
