// Decides the display mode before the first paint (dark unless 'false' is stored), and keeps the darkMode
// cookie in step with it: the API sends every storefront page in the cookie's mode (html has the `dark` class
// when the page is dark). A file rather than an inline script, so the Content-Security-Policy can forbid inline
// scripts. It runs in the head, before the browser has painted anything of the page.
// When the page came in the other mode (a visitor whose choice is stored but whose cookie is gone), it asks for
// the page again with the cookie, before anything is painted: the first paint is the page in the chosen mode.
// If that cannot work (cookies refused, or it already asked once), the page's styles are dropped here (they
// come before this script) and index.html's CSS keeps its markup hidden (html.mode-mismatch) until React renders
// the page in the visitor's mode.
try {
  var root = document.documentElement;
  var dark = localStorage.getItem('darkMode') !== 'false';
  var cookie = 'darkMode=' + dark;
  document.cookie = cookie + '; path=/; max-age=31536000; samesite=lax';
  if (root.classList.contains('dark') !== dark) {
    root.classList.toggle('dark', dark);
    root.classList.add('mode-mismatch');
    var asked = sessionStorage.getItem('themeReload') === location.href;
    var stored = ('; ' + document.cookie + ';').indexOf('; ' + cookie + ';') !== -1;
    if (stored && !asked) {
      sessionStorage.setItem('themeReload', location.href);
      location.replace(location.href);
    } else {
      document.querySelectorAll('style[data-emotion]').forEach(function (style) {
        style.remove();
      });
    }
  } else {
    sessionStorage.removeItem('themeReload');
  }
} catch (e) {
  // storage unavailable: keep the mode the page was rendered in
}
