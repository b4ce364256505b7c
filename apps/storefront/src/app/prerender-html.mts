/**
 * Build-time helpers (used by vite.config.mts): turn a page's prerendered markup into its HTML file,
 * from the built index.html.
 */

/** A <style data-emotion="css …"> that Emotion's server render writes next to the component using it. */
const EMOTION_STYLE = /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

export interface PrerenderedPage {
  /** The markup prerender() returned, and the path it was rendered for. */
  markup: string;
  path: string;
  title: string;
  description: string;
  /** Chunks of this page to fetch along with the entry (its route module and what it imports). */
  modulePreloads: string[];
  /** Scripts of the public folder that run before the app (deferred, in this order), at high priority. */
  bootScripts?: string[];
  /** The mode the markup was rendered in (dark unless false). */
  darkMode?: boolean;
}

/** The browser's colour for the page's bar, by mode (index.html has the dark one). */
const LIGHT_THEME_COLOR = '#f7f7f9';

/** The page in light mode: the root without the `dark` class, the light bar colour. */
function inLightMode(html: string): string {
  const light = replaceOnce(html, /<html lang="en" class="dark">/, '<html lang="en">');
  return light.replace(/<meta name="theme-color" content="[^"]*"\s*\/?>/, `<meta name="theme-color" content="${LIGHT_THEME_COLOR}" />`);
}

/** The head's title and description. */
function withMeta(html: string, meta: { title: string; description: string }): string {
  const titled = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`);
  return replaceOnce(
    titled,
    /<meta name="description" content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  );
}

/**
 * Emotion's styles moved out of the markup: the global ones as they are, the components' in one tag (one
 * style sheet to parse instead of dozens), in their order. They keep their data-emotion keys, from which the
 * client's Emotion cache knows them as inserted (it does not add them again).
 */
export function extractEmotionStyles(markup: string): { body: string; styles: string[] } {
  const globals: string[] = [];
  const names: string[] = [];
  const rules: string[] = [];
  const body = markup.replace(EMOTION_STYLE, (tag: string, key: string, css: string) => {
    const [cacheKey, ...ids] = key.split(' ');
    if (cacheKey !== 'css') {
      if (!globals.includes(tag)) globals.push(tag);
    } else if (ids.some((id) => !names.includes(id))) {
      names.push(...ids.filter((id) => !names.includes(id)));
      rules.push(css);
    }
    return '';
  });
  return { body, styles: names.length ? [...globals, `<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>`] : globals };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function replaceOnce(html: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(html)) throw new Error(`prerender: the page template has no ${pattern}`);
  return html.replace(pattern, () => replacement);
}

/**
 * The page's HTML: its title and description; its styles in the head, before theme-init.js (which drops
 * them for a visitor who chose light mode: the markup is in the default dark theme); its boot scripts, then
 * the app's scripts with the page's chunks, which public/app-loader.js loads once the page is painted (the
 * first paint needs none of them); the markup in #root with the path it shows, inert until React takes it
 * over (links and buttons work from then on).
 */
export function composePage(template: string, page: PrerenderedPage): string {
  const { body, styles } = extractEmotionStyles(page.markup);
  let html = withMeta(template, page);
  if (page.darkMode === false) html = inLightMode(html);
  html = replaceOnce(html, /<script src="\/theme-init\.js"><\/script>/, `${styles.join('')}\n    <script src="/theme-init.js"></script>`);
  // The app's scripts load once the page is painted (public/app-loader.js): the first paint needs none of them.
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('prerender: the page template has no entry script');
  const preloads: string[] = [];
  html = html.replace(entry[0], '').replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag: string, href: string) => {
    preloads.push(href);
    return '';
  });
  for (const file of page.modulePreloads) if (!preloads.includes(`/${file}`) && `/${file}` !== entry[1]) preloads.push(`/${file}`);
  const boot = (page.bootScripts ?? []).map((file) => `\n    <script defer fetchpriority="high" src="/${file}"></script>`).join('');
  const loader = `\n    <script defer src="/app-loader.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`;
  html = replaceOnce(html, /\s*<\/head>/, `${boot}${loader}\n  </head>`);
  const mode = page.darkMode === false ? ' data-dark="false"' : '';
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root"><div class="prerendered" data-path="${escapeHtml(page.path)}"${mode} inert>${body}</div></div>`,
  );
}

export interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** A chunk and everything it imports statically, as built files (the manifest of `build.manifest`). */
export function chunkFiles(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    (manifest[k].imports ?? []).forEach(visit);
  };
  visit(key);
  return [...seen].map((k) => manifest[k].file).filter((file) => file.endsWith('.js'));
}

/** The places of a server-rendered page's template (ssr/*.html) that the server render fills. */
const SSR_MARKUP = '<!--ssr-markup-->';
const SSR_STYLES = '<!--ssr-styles-->';
const SSR_DATA = '<!--ssr-data-->';
const SSR_PATH = '__ssr_path__';

/**
 * The template of a page the API renders at request time (server-render.tsx): the page composed as for
 * prerendering, with places for its markup, styles, path, mode and data. No boot scripts: the page comes with
 * its data.
 */
export function composeServerTemplate(template: string, page: Omit<PrerenderedPage, 'markup' | 'path' | 'bootScripts'>): string {
  let html = composePage(template, { ...page, markup: SSR_MARKUP, path: SSR_PATH });
  html = replaceOnce(html, /<script src="\/theme-init\.js"><\/script>/, `${SSR_STYLES}<script src="/theme-init.js"></script>`);
  return replaceOnce(html, /\s*<\/head>/, `\n    ${SSR_DATA}\n  </head>`);
}

/** JSON inside a <script> element: nothing in it can end the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface ServerRenderedPage {
  markup: string;
  /** Path and query string the page was rendered for. */
  path: string;
  darkMode: boolean;
  /** The store's answers, for the browser's first render (a JSON block, not a script: no inline script runs). */
  data: unknown;
  /** The title and description the page asked for (the template's when it asked for none). */
  meta?: { title: string; description: string };
}

/** A server-rendered page's HTML from its template (composeServerTemplate). */
export function fillServerTemplate(template: string, page: ServerRenderedPage): string {
  const { body, styles } = extractEmotionStyles(page.markup);
  let html = page.meta ? withMeta(template, page.meta) : template;
  if (!page.darkMode) html = inLightMode(html);
  html = replaceOnce(html, new RegExp(`data-path="${SSR_PATH}"`), `data-path="${escapeHtml(page.path)}" data-dark="${page.darkMode}"`);
  html = html.replace(SSR_STYLES, () => styles.join(''));
  html = html.replace(SSR_DATA, () => `<script type="application/json" id="server-data">${scriptJson(page.data)}</script>`);
  return html.replace(SSR_MARKUP, () => body);
}
