// Applies the stored display mode before the first paint (dark unless 'false' is stored), and keeps the
// darkMode cookie in step with it: the API renders the storefront's pages in the cookie's mode (html has the
// `dark` class when it rendered them dark). A file rather than an inline script, so the Content-Security-Policy
// can forbid inline scripts.
// When the page was rendered in the other mode (no cookie yet, or a page prerendered in the default dark mode),
// its styles are dropped here (they come before this script) and index.html's CSS keeps its markup hidden
// (html.mode-mismatch) until React renders the page in the visitor's mode.
try {
  var root = document.documentElement;
  var dark = localStorage.getItem('darkMode') !== 'false';
  document.cookie = 'darkMode=' + dark + '; path=/; max-age=31536000; samesite=lax';
  if (root.classList.contains('dark') !== dark) {
    root.classList.toggle('dark', dark);
    root.classList.add('mode-mismatch');
    document.querySelectorAll('style[data-emotion]').forEach(function (style) {
      style.remove();
    });
  }
} catch (e) {
  // storage unavailable: keep the mode the page was rendered in
}
