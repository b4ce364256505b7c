/** Only same-site paths are followed after sign-in (no scheme, no //host, no backslash tricks). */
export function safeRedirect(value: string | null, fallback: string): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && ![...value].some((ch) => ch.charCodeAt(0) < 32)
    ? value
    : fallback;
}

/** The console is a separate app: reaching it needs a full page load, the rest stays in the router. */
export function followRedirect(navigate: (to: string, options: { replace: boolean }) => void | Promise<void>, path: string): void {
  if (path === '/admin' || path.startsWith('/admin/')) window.location.assign(path);
  else void navigate(path, { replace: true });
}
