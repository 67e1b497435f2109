// Applies the stored theme before first paint so dark mode never flashes light. A file, not an
// inline script, so the Content-Security-Policy can forbid inline scripts.
(function () {
  try {
    var t = localStorage.getItem("theme") || "system";
    var dark = t === "dark" || (t === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.add(dark ? "dark" : "light");
  } catch {
    // storage may be unavailable (private mode): the system theme applies
  }
})();
