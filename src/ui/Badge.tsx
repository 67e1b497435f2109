import type { ReactNode } from "react";
import styles from "./Badge.module.css";

export type BadgeTone = "sea" | "coral" | "lantern" | "moss" | "lavender" | "neutral";

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
