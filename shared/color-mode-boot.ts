import { COLOR_MODE_KEY, DARK_QUERY, FORCED_ATTR, THEME_ATTR } from './color-mode.ts'

/**
 * Runs inline in <head> before the stylesheet applies, so the first paint already has the right
 * theme (no flash). Same rule as resolveColorMode; a test runs both over the same table.
 * Kept as plain ES5 text: it is not bundled, and it must never throw (storage may be blocked).
 */
export const COLOR_MODE_BOOT_SCRIPT = `(function(){var d=document.documentElement,m=d.getAttribute(${JSON.stringify(
  FORCED_ATTR,
)});if(m!=="light"&&m!=="dark"){try{m=localStorage.getItem(${JSON.stringify(
  COLOR_MODE_KEY,
)})}catch(e){m=null}if(m!=="light"&&m!=="dark"){try{m=matchMedia(${JSON.stringify(
  DARK_QUERY,
)}).matches?"dark":"light"}catch(e){m="light"}}}d.setAttribute(${JSON.stringify(THEME_ATTR)},m);d.style.colorScheme=m})()`
