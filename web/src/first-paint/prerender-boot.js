// Starts the app on the prerendered landing page (landing.html, made by web/scripts/prerender-landing.ts), which
// inlines it into its <head>: it runs before the markup is parsed. The Content-Security-Policy allows it by its
// hash (@kadr/contracts WEB_APP_INLINE_SCRIPT_HASHES; first-paint.test.ts says when it must change). Two jobs:
// 1. Hides the markup from a visitor it was not made for — one whose stored language is another — until the
//    app has rendered the page for them, so nobody sees it in the wrong language. prerender-fit.ts makes the
//    same decision in the app; first-paint.test.ts runs both.
// 2. Loads the app's scripts only once the page has painted: the markup needs no script to show, and scripts
//    that arrive (and run) before the first frame only push it back. A visitor who sees nothing yet (hidden
//    markup, a hidden tab) gets them at once; a browser that never paints gets them after a second.
(function () {
  var data = document.currentScript.dataset;
  var stored = null;
  try {
    stored = localStorage.getItem('kadr.language');
  } catch {
    // storage blocked: the app starts in the default language, the one the page was made in
  }
  var stale = (stored === 'en' || stored === 'pl') && stored !== data.language;
  if (stale) document.documentElement.dataset.prerender = 'stale';

  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    var preloads = data.preload ? data.preload.split(' ') : [];
    for (var i = 0; i < preloads.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = data.entry;
    document.head.appendChild(entry);
  }
  if (stale || document.visibilityState !== 'visible') return load();
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  setTimeout(load, 1000);
})();
