// Loads the app's JavaScript on a prerendered page (prerendered/*.html) once the page has been painted: the
// first paint needs none of it, so it does not compete with it. The scripts to load are in this script's
// data attributes (written at build time): data-entry, the app's entry module; data-preload, the modules it
// imports, fetched alongside it.
(function () {
  var self = document.currentScript;
  var entry = self && self.getAttribute('data-entry');
  if (!entry) return;
  var preload = (self.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function load() {
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    // After the next frame has been painted (a frame callback, then a task).
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
  }
  // A boot script may show the page's largest paint first (product-boot.js: the product's image), briefly.
  if (window.threadlineFirstPaint) {
    window.threadlineFirstPaint.then(start);
    setTimeout(start, 1000);
  } else {
    start();
  }
})();
