/** What an error page says for a status: its heading and one sentence. */
const WORDING: Record<number, { title: string; text: string }> = {
  400: { title: 'Bad request', text: 'The shop could not read this address.' },
  404: { title: 'Page not found', text: 'There is nothing at this address.' },
  429: { title: 'Too many requests', text: 'You asked for pages faster than the shop serves them. Please wait a moment, then try again.' },
  503: { title: 'The shop is busy', text: 'The shop cannot answer right now. Please try again in a moment.' },
};
const FALLBACK = { title: 'Something went wrong', text: 'The shop could not show this page. Please try again.' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The shop's error page for a page request that failed (the exception filter sends it, with the status): a small
 * self-contained HTML page in the visitor's mode (the darkMode cookie), with no script and no detail of the error
 * beyond the request id, and a link back to the shop. Not the app itself: it would ask for the page again at once.
 */
export function errorPageHtml(status: number, options: { darkMode: boolean; requestId?: string }): string {
  const { title, text } = WORDING[status] ?? (status >= 500 ? FALLBACK : { title: 'Something went wrong', text: FALLBACK.text });
  const [background, colour, accent] = options.darkMode ? ['#121212', '#f5f5f5', '#90caf9'] : ['#ffffff', '#1a1a1a', '#1565c0'];
  const reference = options.requestId ? `<p class="ref">Reference: ${escapeHtml(options.requestId)}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Threadline</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:${background};color:${colour}}main{max-width:36rem;margin:15vh auto;padding:0 1.5rem}a{color:${accent}}.ref{opacity:.7;font-size:.875rem}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${reference}<p><a href="/">Back to the shop</a></p></main></body></html>
`;
}
