import { LOCAL_STORE_KEY } from '../session/local-store';

/**
 * The inline script that paints the stored theme before the first frame (no white flash for a dark
 * theme user). It must stay tiny and dependency-free; `web/public/theme-init.js` carries the same code and
 * index.html loads it in <head> (a module would run too late; an inline script is refused by the CSP;
 * `no-flash.test.ts` runs both the same ways). It
 * reads the persisted local store (`kadr.local`, zustand persist format `{ state: { theme } }`) and
 * falls back to the system preference; `theme.ts` takes over once the app runs.
 */
export const NO_FLASH_SCRIPT =
  `(function(){var t='system';try{var s=JSON.parse(localStorage.getItem('${LOCAL_STORE_KEY}')||'{}');` +
  "var m=s&&s.state&&s.state.theme;if(m==='light'||m==='dark'||m==='system')t=m}catch(e){}" +
  "var d=t==='dark'||(t==='system'&&!!window.matchMedia&&window.matchMedia('(prefers-color-scheme: dark)').matches);" +
  "var r=document.documentElement;r.dataset.theme=d?'dark':'light';r.style.colorScheme=d?'dark':'light'})();";
