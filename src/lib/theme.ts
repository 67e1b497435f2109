// Light, dark or system (SPEC §4), stored under "theme" and applied as a class on <html>.
// index.html applies it before first paint; this keeps it in step afterwards.
import { create } from "zustand";

export type Theme = "light" | "dark" | "system";
const KEY = "theme";
const media = () => globalThis.matchMedia?.("(prefers-color-scheme: dark)");

function read(): Theme {
  try {
    const v = localStorage.getItem(KEY);
    return v === "light" || v === "dark" || v === "system" ? v : "system";
  } catch {
    return "system";
  }
}

function apply(theme: Theme) {
  const dark = theme === "dark" || (theme === "system" && !!media()?.matches);
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.classList.toggle("light", !dark);
}

// The store starts as a prerendered page was drawn, with no choice made, and the visitor's choice
// follows as a change: the app takes such a page over with the first state (src/boot/app.tsx), and
// the choice then redraws what it touches, the theme switch's words among them.
export const useTheme = create<{ theme: Theme; setTheme: (t: Theme) => void }>((set) => ({
  theme: "system",
  setTheme: (theme) => {
    try {
      localStorage.setItem(KEY, theme);
    } catch {
      // private mode: the choice lasts for this visit
    }
    apply(theme);
    set({ theme });
  },
}));

useTheme.setState({ theme: read() });

media()?.addEventListener("change", () => {
  if (useTheme.getState().theme === "system") apply("system");
});
