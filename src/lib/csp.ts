// Two libraries write inline code that the Content-Security-Policy (pocketbase/internal/guard/headers.go) refuses.
// This module runs before either loads, so the page stays within the policy without 'unsafe-*'.

// zod probes for eval with `new Function` (caught, but reported as a violation); jitless skips the
// probe. zod reads this global object when it loads.
const zodConfig = ((globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig ??= {});
zodConfig.jitless = true;

// react-aria injects its press rule as an inline <style> unless an element with its id exists;
// the same rule ships in ui/global.css.
if (typeof document !== "undefined" && !document.getElementById("react-aria-pressable-style")) {
  const marker = document.createElement("meta");
  marker.id = "react-aria-pressable-style";
  document.head.append(marker);
}

export {};
