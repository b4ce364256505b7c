// The product page's first step, before the app's JavaScript has arrived (prerendered/product.html loads it,
// deferred, ahead of the app): asks for the product and puts its main image, the page's largest paint, into
// the prerendered page's image placeholder. The app takes the answer over (src/features/products/first-product.ts)
// and replaces the prerendered page when it renders. The image URLs follow src/features/products/product-image.ts.
(function () {
  var match = /^\/product\/([^/]+)\/?$/.exec(location.pathname);
  if (!match) return;
  var id;
  try {
    id = decodeURIComponent(match[1]);
  } catch (e) {
    return;
  }
  var product = fetch('/api/products/' + encodeURIComponent(id), { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then(function (res) {
    if (!res.ok) throw new Error('product ' + res.status);
    return res.json();
  });
  // Settles once the image is on screen (or there is none to show): app-loader.js starts the app then.
  var imageShown = product.then(function (p) {
    return new Promise(function (resolve) {
      var slot = document.querySelector('.prerendered [data-slot="product-image"]');
      var src = [p.image].concat(p.additionalImages || []).filter(Boolean)[0];
      if (!slot || !src) return resolve();
      var img = document.createElement('img');
      var srcset = (p.images || []).map(function (i) { return i.url + ' ' + i.width + 'w'; }).join(', ');
      if (!srcset && src.indexOf('/api/images/') === 0 && src.indexOf('?') < 0) {
        srcset = [160, 320, 640, 1280].map(function (w) { return src + '?w=' + w + ' ' + w + 'w'; }).join(', ');
      }
      if (srcset) {
        img.srcset = srcset;
        img.sizes = slot.getAttribute('data-sizes') || '100vw';
      }
      img.src = src;
      img.alt = p.name || '';
      img.width = 800;
      img.height = 800;
      img.fetchPriority = 'high';
      img.className = slot.className;
      img.style.cssText = 'display:block;width:100%;height:auto;aspect-ratio:1/1;object-fit:cover;transform:none;animation:none';
      img.onload = img.onerror = function () {
        requestAnimationFrame(function () {
          resolve();
        });
      };
      slot.replaceWith(img);
    });
  });
  window.threadlineFirstProduct = { id: id, product: product };
  window.threadlineFirstPaint = imageShown.catch(function () {
    // the app asks again and shows the error
  });
})();
