// Starts the app once the page's own HTML has been painted. A public page arrives as finished HTML
// (scripts/build-prerender.mjs), so on a slow line its styles and picture should have the
// bandwidth first; the app's modules are fetched as soon as the first contentful paint is on
// screen. The bare app shell (other routes, and every page the service worker answers) has
// nothing to paint and starts at once, as does a hidden tab (which never paints). A browser that
// does not report paints starts after the first frame, and nothing waits more than two seconds.
(function () {
  var modules = JSON.parse(document.getElementById("app-modules").textContent);
  var started = false;
  // Each preload starts a request, which costs a slow phone's main thread 10 to 25 ms (Lighthouse's
  // 4x trace, which records each request's initiator): one per task, so no task nears 50 ms and taps
  // and paints get in between. The modules go first; then the page's style files, which came inline
  // and are named by disabled <link>s. Those are preloaded as styles (not applied: the same rules
  // again would cost a style pass), so the HTTP cache holds them for pages the service worker later
  // answers offline with the bare shell, which links them.
  function preloads() {
    var queue = modules.slice(1).map(function (href) {
      return { rel: "modulepreload", href: href };
    });
    var named = document.querySelectorAll('link[rel="stylesheet"][disabled]');
    for (var n = 0; n < named.length; n++) queue.push({ rel: "preload", as: "style", href: named[n].href });
    return queue;
  }
  function preload(queue) {
    var next = queue.shift();
    if (!next) return;
    var link = document.createElement("link");
    link.rel = next.rel;
    link.href = next.href;
    if (next.as) {
      link.as = next.as;
      link.crossOrigin = "";
    }
    document.head.appendChild(link);
    setTimeout(preload, 0, queue);
  }
  function start() {
    if (started) return;
    started = true;
    var entry = document.createElement("script");
    entry.type = "module";
    entry.src = modules[0];
    document.head.appendChild(entry);
    setTimeout(preload, 0, preloads());
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
