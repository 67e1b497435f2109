// Runs before the first paint (the build inlines it into the page head, vite.first-paint.ts; the
// Content-Security-Policy allows it by its hash). It applies the stored theme, so dark mode never
// flashes light, and the studio's typefaces when this browser already keeps them (src/lib/fonts.ts).
(function () {
  var root = document.documentElement;
  try {
    var t = localStorage.getItem("theme") || "system";
    var dark = t === "dark" || (t === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
    root.classList.add(dark ? "dark" : "light");
    if (localStorage.getItem("fonts") === "kept") root.classList.add("fonts");
  } catch {
    // storage may be unavailable (private mode): the system theme and the fallback fonts apply
  }
})();
