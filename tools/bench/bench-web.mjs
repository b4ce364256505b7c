#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile preset, its default) against Debian's Chromium on /, /shop,
// /product/{id} and /faq of the shop started like `npm start`; prints the four category scores and writes them to
// docs/performance.md. Reports (JSON) go to tmp/bench/lighthouse/.
// Each page is measured --runs times (3 by default) and the run with the median performance score is reported,
// with the range of all runs beside it: Lighthouse's own advice for a noisy machine, where one run can move by
// ten points.
//   npm run bench:web [-- --url http://127.0.0.1:3000] [-- --no-doc] [-- --runs N]   CHROME_PATH=/usr/bin/chromium by default
import lighthouse from 'lighthouse';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, log, machine, machineLine, root, startShop, waitForIdleWorker, writeDocSection } from './shop.mjs';

const args = process.argv.slice(2);
const given = args.includes('--url') ? args[args.indexOf('--url') + 1] : undefined;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = args.includes('--runs') ? Math.max(1, Number(args[args.indexOf('--runs') + 1]) || 1) : 3;
const TARGETS = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 95 };

async function startChromium() {
  const port = await freePort();
  const profile = mkdtempSync(join(os.tmpdir(), 'shop-chromium-'));
  const child = spawn(CHROME, [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // starting
    }
    await sleep(100);
  }
  return {
    port,
    // Chromium still writes its profile while it shuts down: wait for it to exit before removing the folder.
    stop: async () => {
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

async function main() {
  const facts = machine();
  log(machineLine(facts));
  if (!given) {
    const build = spawnSync(process.execPath, [join(root, 'tools/build.mjs'), '--if-missing'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const shop = given ? { url: given, stop: async () => {} } : await startShop();
  if (!given) await waitForIdleWorker(shop);
  const chromium = await startChromium();
  const rows = [];
  const dir = join(root, 'tmp', 'bench', 'lighthouse');
  mkdirSync(dir, { recursive: true });
  try {
    const products = await (await fetch(`${shop.url}/api/products?page=1`)).json();
    const pages = { '/': '/', '/shop': '/shop', '/product/{id}': `/product/${products[0]._id}`, '/faq': '/faq' };
    for (const [name, path] of Object.entries(pages)) {
      const runs = [];
      let failedRuns = 0;
      for (let run = 1; run <= RUNS; run += 1) {
        const result = await lighthouse(`${shop.url}${path}`, {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(TARGETS),
        });
        const error = result.lhr.runtimeError?.message;
        log(
          `${name} run ${run}/${RUNS}: performance ${Math.round((result.lhr.categories.performance?.score ?? 0) * 100)}${error ? ` (Lighthouse could not measure: ${error})` : ''}`,
        );
        // A run Lighthouse could not measure (its own error, no score) is left out of the median and counted.
        if (error) failedRuns += 1;
        else runs.push(result);
      }
      if (runs.length === 0) throw new Error(`Lighthouse could not measure ${name} in ${RUNS} runs`);
      const performance = (r) => r.lhr.categories.performance?.score ?? 0;
      runs.sort((a, b) => performance(a) - performance(b));
      const result = runs[Math.floor((runs.length - 1) / 2)];
      const range = `${Math.round(performance(runs[0]) * 100)}–${Math.round(performance(runs.at(-1)) * 100)}${failedRuns ? ` (+${failedRuns} not measured)` : ''}`;
      const lhr = result.lhr;
      writeFileSync(join(dir, `${name.replace(/[^a-z]+/gi, '_') || 'home'}.json`), result.report);
      const scores = Object.fromEntries(Object.keys(TARGETS).map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'notApplicable' &&
            a.scoreDisplayMode !== 'manual',
        )
        .map((a) => a.id);
      const metrics = lhr.audits;
      rows.push({
        name,
        scores,
        range,
        fcp: metrics['first-contentful-paint']?.displayValue,
        lcp: metrics['largest-contentful-paint']?.displayValue,
        tbt: metrics['total-blocking-time']?.displayValue,
        cls: metrics['cumulative-layout-shift']?.displayValue,
        failing,
        runtimeError: lhr.runtimeError?.message,
      });
      log(`${name}: ${JSON.stringify(scores)} LCP ${rows.at(-1).lcp}${rows.at(-1).runtimeError ? ` (${rows.at(-1).runtimeError})` : ''}`);
    }
  } finally {
    await chromium.stop();
    await shop.stop();
  }
  const met = (c, s) => (s >= TARGETS[c] ? `${s}` : `**${s}**`);
  const table = [
    `| page | performance (≥ 95), median of ${RUNS} | all runs | accessibility (≥ 95) | best practices (≥ 95) | SEO (≥ 95) | FCP | LCP | TBT | CLS |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${met('performance', r.scores.performance)} | ${r.range} | ${met('accessibility', r.scores.accessibility)} | ${met('best-practices', r.scores['best-practices'])} | ${met('seo', r.scores.seo)} | ${r.fcp ?? '—'} | ${r.lcp ?? '—'} | ${r.tbt ?? '—'} | ${r.cls ?? '—'} |`,
    ),
  ].join('\n');
  const below = rows
    .filter((r) => r.failing.length)
    .map((r) => `- ${r.name}: audits below 0.9: ${r.failing.join(', ')}`)
    .join('\n');
  process.stdout.write(`\n${table}\n${below ? `\n${below}\n` : ''}`);
  if (!args.includes('--no-doc')) {
    const heading = `**Run** — ${machineLine(facts)}; Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset (simulated throttling), Chromium at ${CHROME}.`;
    log(`wrote ${writeDocSection('lighthouse', `${heading}\n\n${table}${below ? `\n\n${below}` : ''}`)}`);
  }
}

main().catch((error) => {
  process.stderr.write(`[bench:web] ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
