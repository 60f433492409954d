// Paints the stored theme before the first frame (no white flash for a dark-theme user). A file, not an
// inline script: the gateway's Content-Security-Policy allows only 'self' scripts. Same code as
// src/theme/no-flash.ts (checked by its test); src/theme/theme.ts takes over once the app runs.
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
