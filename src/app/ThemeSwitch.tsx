import { useTheme, type Theme } from "../lib/theme";
import styles from "./ThemeSwitch.module.css";

const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
const ICON: Record<Theme, string> = { system: "◐", light: "☀", dark: "☾" };

export function ThemeSwitch() {
  // Each field on its own: the whole state is a new object once the stored choice is read, and a
  // switch that read it was drawn a second time, at once, right after the page was taken over.
  const theme = useTheme((s) => s.theme);
  const setTheme = useTheme((s) => s.setTheme);
  return (
    <button
      type="button"
      className={styles.switch}
      onClick={() => setTheme(NEXT[theme])}
      aria-label={`Theme: ${theme}. Switch to ${NEXT[theme]}`}
      title={`Theme: ${theme}`}
    >
      <span aria-hidden="true">{ICON[theme]}</span>
    </button>
  );
}
