/**
 * The one inline script of a prerendered page. The page arrives drawn, so its scripts are not
 * needed for the first paint: they are requested once the browser reports the first contentful
 * paint, in the order `<meta name="app-scripts">` lists them: the entry as a module script, then
 * modulepreloads for what the entry and the page import. On a slow phone network the stylesheet and
 * the HTML get the link to themselves, and the first paint never waits for script. A tab opened in
 * the background paints nothing, and a browser without paint timing cannot say when it painted:
 * both start at once.
 *
 * The server allows exactly this text by its hash in the Content-Security-Policy, so it must stay
 * byte for byte what the build writes into the page.
 */
export const DEFERRED_START_SCRIPT =
  '(function(){var d=document,P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;' +
  'function s(){var m=d.querySelector(\'meta[name="app-scripts"]\');' +
  "if(!m)return;m.content.split(' ').forEach(function(u,i){var e=d.createElement(i?'link':'script');" +
  "if(i){e.rel='modulepreload';e.href=u}else{e.type='module';e.src=u}e.crossOrigin='';" +
  "d.head.appendChild(e)})}if(d.visibilityState==='hidden'||!t||t.indexOf('paint')<0)s();" +
  "else new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();s()}})" +
  ".observe({type:'paint',buffered:true})})()";
