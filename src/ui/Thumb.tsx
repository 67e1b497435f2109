import { useState } from "react";
import { fileUrl, thumbSrcSet, type FileOwner } from "../lib/files";
import { servedPicture } from "./served-page";
import styles from "./Thumb.module.css";

/** The picture shapes the layout uses; each has a class reserving its box (no inline style, for the CSP). */
export type ThumbRatio = [3, 4] | [4, 3] | [1, 1] | [16, 10] | [4, 5];

interface ThumbProps {
  owner: FileOwner;
  file: string | undefined;
  alt: string;
  /** Intrinsic aspect ratio as width × height, so the box is reserved before the image loads. */
  ratio?: ThumbRatio;
  /** The width the CSS draws the picture at, for the browser's srcset choice: keep it in step with the stylesheet. */
  sizes?: string;
  /** The one largest above-the-fold image loads eagerly with high priority; the rest lazily. */
  priority?: boolean;
  className?: string;
  /** Letter shown on the watercolor placeholder when there is no image or it fails. */
  initial?: string;
}

/**
 * The box a picture will fill, shown while the catalogue loads, at the picture's final size.
 * `lcpSlot` marks the page's largest picture: in a page prerendered at build time the server puts
 * that picture's <img> in this box (pocketbase/internal/heads/preload.go), so it shows before any
 * script runs. The app's first render draws that same <img> over it: the app takes over the page
 * as it was sent (src/boot/app.tsx), which it can only do where it draws what the page holds.
 */
export function ThumbSkeleton({ ratio = [4, 3], className, lcpSlot }: { ratio?: ThumbRatio; className?: string; lcpSlot?: boolean }) {
  const [w, h] = ratio;
  const [served] = useState(() => (lcpSlot ? servedPicture() : null));
  const box = [styles.box, styles[`r${w}x${h}`], styles.pending, className].filter(Boolean).join(" ");
  if (served) return <img className={box} {...served} fetchPriority="high" data-lcp-slot="true" />;
  return <div className={box} aria-hidden="true" data-lcp-slot={lcpSlot || undefined} />;
}

/** A catalogue picture from PocketBase thumbnails, with a painted placeholder when it cannot load. */
export function Thumb({ owner, file, alt, ratio = [4, 3], sizes = "(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw", priority, className, initial }: ThumbProps) {
  const [failed, setFailed] = useState(false);
  const [w, h] = ratio;
  const box = [styles.box, styles[`r${w}x${h}`], className].filter(Boolean).join(" ");
  if (!file || failed) {
    return (
      <div className={`${box} ${styles.placeholder}`} role="img" aria-label={alt}>
        <span aria-hidden="true">{(initial ?? alt).trim().charAt(0).toUpperCase()}</span>
      </div>
    );
  }
  return (
    <img
      className={box}
      src={fileUrl(owner, file, "800x0")}
      srcSet={thumbSrcSet(owner, file)}
      sizes={sizes}
      width={w * 200}
      height={h * 200}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      onError={() => setFailed(true)}
    />
  );
}
