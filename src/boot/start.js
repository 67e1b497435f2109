// Starts the app once the page's own HTML has been painted. A public page arrives as finished HTML
// (scripts/build-prerender.mjs), so on a slow line its styles and picture should have the
// bandwidth first; the app's modules are fetched as soon as the first contentful paint is on
// screen. The bare app shell (other routes, and every page the service worker answers) has
// nothing to paint and starts at once, as does a hidden tab (which never paints). A browser that
// does not report paints starts after the first frame, and nothing waits more than two seconds.
(function () {
  var modules = JSON.parse(document.getElementById("app-modules").textContent);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    // The page's styles came inline; their files load now, so the caches hold them for pages the
    // service worker answers offline with the bare shell (the same rules twice change nothing).
    var named = document.querySelectorAll('link[rel="stylesheet"][disabled]');
    for (var n = 0; n < named.length; n++) named[n].disabled = false;
    for (var i = 1; i < modules.length; i++) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = modules[i];
      document.head.appendChild(link);
    }
    var entry = document.createElement("script");
    entry.type = "module";
    entry.src = modules[0];
    document.head.appendChild(entry);
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
