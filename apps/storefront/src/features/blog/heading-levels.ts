/**
 * A post's body comes from its author's Markdown: it may start at '###' or jump from '#' to '###'. Under the
 * page's h1 (the post title) its headings are renumbered by rank: the highest level used becomes h2, the next
 * one h3, and so on, so that no level is skipped (WCAG 1.3.1, axe heading-order). The HTML is the server's
 * sanitised rendering, so headings are plain `<hN>` / `<hN attr…>` tags.
 */
export function renumberHeadings(html: string): string {
  const used = [...new Set([...html.matchAll(/<h([1-6])(?=[\s>])/gi)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  if (used.length === 0) return html;
  const level = new Map(used.map((n, rank) => [n, Math.min(2 + rank, 6)]));
  return html.replace(/<(\/?)h([1-6])(?=[\s>])/gi, (_tag, slash: string, n: string) => `<${slash}h${level.get(Number(n)) ?? Number(n)}`);
}
