// Runs before the first paint so the saved theme and accent apply with no flash of the wrong theme,
// and a signed-in reader sees their variant of the page at once (app/lib/viewer.ts: the hint's name).
// The same on every page, so the Content-Security-Policy allows it by its hash (server/security.ts),
// and cached pages need no per-response nonce.
export const themeScript = `(function(){try{var d=document.documentElement,t=localStorage.getItem("theme"),a=localStorage.getItem("accentColor");
var dark=t?t==="dark":window.matchMedia("(prefers-color-scheme: dark)").matches;d.classList.toggle("dark",dark);
d.dataset.accent=a==="default"?"default":"orange";
var v=/(?:^|; )educator_viewer=(reader|staff)(?:;|$)/.exec(document.cookie);if(v)d.dataset.viewer=v[1];}catch(e){}})();`;
