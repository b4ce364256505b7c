/** The small page a reader sees after following the unsubscribe link of a mail. */
export function unsubscribePage(ok: boolean, shopUrl: string): string {
  const title = ok ? 'You have been unsubscribed' : 'This link is not valid';
  const text = ok
    ? 'You will not receive the newsletter any more. Changed your mind? You can subscribe again at any time on our home page.'
    : 'This unsubscribe link is not valid. If you still receive the newsletter, use the link of the latest mail.';
  const href = shopUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>${text}</p><p><a href="${href}">Back to the shop</a></p></main></body></html>
`;
}
