// Applies the stored theme before first paint so dark mode never flashes light. The build inlines
// it into the page (vite.first-paint.ts); the Content-Security-Policy allows it by its hash.
(function () {
  try {
    var t = localStorage.getItem("theme") || "system";
    var dark = t === "dark" || (t === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.add(dark ? "dark" : "light");
  } catch {
    // storage may be unavailable (private mode): the system theme applies
  }
})();
