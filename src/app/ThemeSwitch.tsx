import { useTheme, type Theme } from "../lib/theme";
import styles from "./ThemeSwitch.module.css";

const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
const ICON: Record<Theme, string> = { system: "◐", light: "☀", dark: "☾" };

export function ThemeSwitch() {
  const { theme, setTheme } = useTheme();
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
