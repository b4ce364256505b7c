import { test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { AxeResults, RunOptions } from 'axe-core';
import { DESKTOP, PHONE, ROUTES, contextFor, pathOf, routeSweepStack, settle, settleAnimations, type Viewport } from './route-table';

// Its four sweeps (two widths, two themes) are independent: they spread over the workers, each with its own shop.
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

/**
 * Issues #22 and #42, accessibility: axe (WCAG 2.1 A and AA) finds nothing on any route of the storefront's route
 * table (route-table.ts), at desktop and phone widths, in dark and light mode, after a redirect (a guest sent
 * from /cart to /login), on a product with sizes and colours, and with the phone's side drawer open.
 *
 * To cover a new screen or a new state of one, add a row to ROUTES (or a step to a row's `states`).
 */

// Globals of the page, for the callbacks run inside it (this program has no DOM lib).
declare const axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> };
declare const document: unknown;

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Beyond the WCAG tags: skipped heading levels (axe files it under best practice; Lighthouse counts it). */
const AXE_EXTRA_RULES = ['heading-order'];

interface Finding {
  rule: string;
  impact: string;
  help: string;
  where: string;
  targets: string[];
  summary: string;
}

/** Runs axe on the page as it is now and describes each violation. */
async function scan(page: Page, where: string): Promise<Finding[]> {
  const loaded = await page.evaluate(() => typeof axe !== 'undefined');
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(
    ({ tags, extra }) =>
      axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(extra.map((id) => [id, { enabled: true }])),
        resultTypes: ['violations'],
      }),
    { tags: AXE_TAGS, extra: AXE_EXTRA_RULES },
  );
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    where,
    targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? '',
  }));
}

async function openDrawer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#side-menu .MuiDrawer-paper').waitFor({ state: 'visible' });
  await settleAnimations(page);
}

async function closeDrawer(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('#side-menu').waitFor({ state: 'hidden' });
}

function format(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `[${f.impact}] ${f.rule} (${f.help}) on ${f.where}\n    ${f.targets.slice(0, 8).join('\n    ')}${f.targets.length > 8 ? `\n    ... and ${f.targets.length - 8} more` : ''}\n    ${f.summary}`,
    )
    .join('\n');
}

test.describe('storefront accessibility: axe, WCAG 2.1 A and AA (browser)', () => {
  const sweep = routeSweepStack();

  async function checkAll(viewport: Viewport, dark: boolean): Promise<void> {
    const { bs, fixtures, session } = sweep;
    const theme = dark ? 'dark' : 'light';
    const findings: Finding[] = [];
    for (const who of ['guest', 'customer'] as const) {
      const { context, page } = await contextFor(bs, viewport, dark, who, session);
      try {
        for (const row of ROUTES.filter((r) => r.who === who)) {
          const path = pathOf(row, fixtures);
          const where = (state: string) => `${path} (${viewport.name}, ${theme}, ${who}${state ? `, ${state}` : ''})`;
          // Images may still load: axe reads the DOM, and the page's own readiness is what settle() waits for.
          await page.goto(path, { waitUntil: 'domcontentloaded' });
          await settle(page, row);
          findings.push(...(await scan(page, where(''))));
          for (const state of row.states ?? []) {
            await state.act(page);
            await settleAnimations(page);
            findings.push(...(await scan(page, where(state.name))));
            await state.after?.(page);
          }
          if (viewport.phone && row.drawer) {
            await openDrawer(page);
            findings.push(...(await scan(page, where('drawer open'))));
            await closeDrawer(page);
          }
        }
      } finally {
        await context.close();
      }
    }
    if (findings.length > 0) throw new Error(`axe found ${findings.length} violation(s):\n${format(findings)}`);
  }

  for (const viewport of [DESKTOP, PHONE]) {
    for (const dark of [true, false]) {
      test(`has no violation on any route at ${viewport.width}x${viewport.height} in ${dark ? 'dark' : 'light'} mode${viewport.phone ? ', with the drawer open too' : ''}`, async () => {
        await checkAll(viewport, dark);
      });
    }
  }
});
