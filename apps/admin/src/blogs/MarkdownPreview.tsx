import { Box, Typography } from '@mui/material';
import { marked } from 'marked';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Markdown to HTML for the preview; raw HTML in the text is shown as text, never run. */
export function previewHtml(markdown: string): string {
  const renderer = new marked.Renderer();
  renderer.html = ({ text }) => escapeHtml(text);
  return marked.parse(markdown, { async: false, renderer, gfm: true, breaks: false });
}

/**
 * Live preview of the body. It renders inside a sandboxed iframe with no permissions, so nothing in a
 * post (scripts, handlers, javascript: links) can run in the console. The API sanitises what it serves.
 */
export function MarkdownPreview({ source = 'body' }: { source?: string }) {
  const body = (useWatch({ name: source }) as string | undefined) ?? '';
  const doc = useMemo(
    () =>
      `<!doctype html><meta charset="utf-8"><style>body{font:15px/1.6 system-ui,sans-serif;margin:12px;color:#222}img{max-width:100%}pre{background:#f4f4f5;padding:8px;overflow:auto}</style>${previewHtml(body)}`,
    [body],
  );
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Preview
      </Typography>
      <Box
        component="iframe"
        title="Markdown preview"
        sandbox=""
        srcDoc={doc}
        sx={{ width: '100%', minHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
      />
    </Box>
  );
}
