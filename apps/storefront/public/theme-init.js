// Applies the stored display mode before the first paint (dark unless 'false' is stored).
// A file rather than an inline script, so the Content-Security-Policy can forbid inline scripts.
// A prerendered page is in the default dark theme: for light mode its styles are dropped here (they come
// before this script) and index.html's CSS keeps its markup hidden until React renders the page.
try {
  if (localStorage.getItem('darkMode') === 'false') {
    document.documentElement.classList.remove('dark');
    document.querySelectorAll('style[data-emotion]').forEach(function (style) {
      style.remove();
    });
  }
} catch (e) {
  // storage unavailable: keep the default dark mode
}
