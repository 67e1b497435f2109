// Starts the app once the page's own HTML has been painted. A public page arrives as finished HTML
// (scripts/build-prerender.mjs), so on a slow line its styles and picture should have the
// bandwidth first; the app's modules are fetched as soon as the first contentful paint is on
// screen. The bare app shell (other routes, and every page the service worker answers) has
// nothing to paint and starts at once, as does a hidden tab (which never paints). A browser that
// does not report paints starts after the first frame, and nothing waits more than two seconds.
(function () {
  var modules = JSON.parse(document.getElementById("app-modules").textContent);
  var started = false;
  // Each preload starts a request, which costs a slow phone's main thread up to ~10 ms: they go in
  // a few at a time, a task each, so taps and paints get in between.
  var PER_TASK = 3;
  function preload(from) {
    var links = document.createDocumentFragment();
    var end = Math.min(from + PER_TASK, modules.length);
    for (var i = from; i < end; i++) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = modules[i];
      links.appendChild(link);
    }
    document.head.appendChild(links);
    setTimeout(end < modules.length ? preload : keepStyles, 0, end);
  }
  // The page's styles came inline, each file named by a disabled <link>. The files are preloaded
  // as styles (not applied: the same rules again would cost a style pass), so the HTTP cache holds
  // them for pages the service worker later answers offline with the bare shell, which links them.
  function keepStyles() {
    var named = document.querySelectorAll('link[rel="stylesheet"][disabled]');
    var links = document.createDocumentFragment();
    for (var n = 0; n < named.length; n++) {
      var link = document.createElement("link");
      link.rel = "preload";
      link.as = "style";
      link.crossOrigin = "";
      link.href = named[n].href;
      links.appendChild(link);
    }
    document.head.appendChild(links);
  }
  function start() {
    if (started) return;
    started = true;
    var entry = document.createElement("script");
    entry.type = "module";
    entry.src = modules[0];
    document.head.appendChild(entry);
    setTimeout(preload, 0, 1);
  }
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  var framed = document.querySelector("#root > .prerendered");
  if (!framed || document.visibilityState === "hidden") start();
  else if (paints && paints.indexOf("paint") >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        start();
      }
    }).observe({ type: "paint", buffered: true });
    setTimeout(start, 2000);
  } else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
