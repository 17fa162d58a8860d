// Loads the reader script (app/reader-script/enhance.ts, its address in the tag's data-src) once the page
// has first painted with text: on a slow link the script then never competes with the stylesheet
// and the cover image for the first paint, and the page reads as it would without JavaScript
// meanwhile. Where paint timing is missing it loads at the load event; where a page is painted
// unseen (a background tab reports no paint), a little after it. The same on every page, so the
// Content-Security-Policy allows it by its hash (server/security.ts), like the theme script.
export const readerScriptLoader = `(function(){var src=document.currentScript.dataset.src,waitsForPaint=false;
function load(){if(src){var s=src;src=null;import(s).catch(function(){});}}
try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();load();}}).observe({type:"paint",buffered:true});waitsForPaint=true;}}catch(e){}
addEventListener("load",function(){setTimeout(load,waitsForPaint?2000:0);});})();`;
