import type { ThumbRatio } from "./Thumb";
import { ThumbSkeleton } from "./Thumb";
import styles from "./Skeleton.module.css";

/** Lines standing in for text while the catalogue loads; each is one line of the text it replaces. */
export function TextLines({ lines, heading = false }: { lines: number; heading?: boolean }) {
  return (
    <div className={styles.lines} aria-hidden="true">
      {heading && <span className={`${styles.line} ${styles.heading}`} />}
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={styles.line} />
      ))}
    </div>
  );
}

/**
 * A grid of card placeholders laid out like the cards that replace them (the same grid, picture
 * box and text rhythm), so nothing on screen moves when the catalogue arrives.
 */
export function CardGridSkeleton({ count, ratio, lines = 2, actions = true }: { count: number; ratio: ThumbRatio; lines?: number; actions?: boolean }) {
  return (
    <div className="grid grid-4" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card">
          <ThumbSkeleton ratio={ratio} />
          <div className="card-body">
            <TextLines lines={lines} heading />
            {actions && <span className={styles.button} />}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The visible and announced loading state (its text is the spec's "Loading..."), around a skeleton. */
export function Loading({ children }: { children?: React.ReactNode }) {
  return (
    <div aria-busy="true">
      <p className={children ? "visually-hidden" : "muted"} role="status">
        Loading...
      </p>
      {children}
    </div>
  );
}
