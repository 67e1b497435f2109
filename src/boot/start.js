// Starts the app once the page's own HTML has been painted. The page arrives as finished HTML
// (scripts/build-prerender.mjs), so on a slow line its styles, fonts and picture should have the
// bandwidth first; the app's modules are fetched as soon as the first contentful paint is on
// screen. A browser that does not report paints starts after the first frame, a hidden tab (which
// never paints) at once, and nothing waits more than two seconds.
(function () {
  var modules = JSON.parse(document.getElementById("app-modules").textContent);
  var started = false;
  function start() {
    if (started) return;
    started = true;
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
  if (document.visibilityState === "hidden") start();
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
