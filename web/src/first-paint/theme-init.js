// Paints the stored theme before the first frame (no white flash for a dark-theme user); src/theme/theme.ts
// takes over once the app runs. Inlined into every page's <head> by the web build (web/scripts/first-paint.ts):
// a file would cost a round trip before anything shows. The Content-Security-Policy allows it by its hash
// (@kadr/contracts WEB_APP_INLINE_SCRIPT_HASHES; first-paint.test.ts says when it must change).
(function () {
  var t = 'system';
  try {
    var s = JSON.parse(localStorage.getItem('kadr.local') || '{}');
    var m = s && s.state && s.state.theme;
    if (m === 'light' || m === 'dark' || m === 'system') t = m;
  } catch {
    // unreadable store: keep 'system'
  }
  var d =
    t === 'dark' ||
    (t === 'system' && !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var r = document.documentElement;
  r.dataset.theme = d ? 'dark' : 'light';
  r.style.colorScheme = d ? 'dark' : 'light';
})();
