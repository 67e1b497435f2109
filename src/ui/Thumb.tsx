import { useState } from "react";
import { fileUrl, thumbSrcSet, type FileOwner } from "../lib/files";
import styles from "./Thumb.module.css";

interface ThumbProps {
  owner: FileOwner;
  file: string | undefined;
  alt: string;
  /** Intrinsic aspect ratio as width × height, so the box is reserved before the image loads. */
  ratio?: [number, number];
  /** The rendered width hint for the browser's srcset choice. */
  sizes?: string;
  /** The one largest above-the-fold image loads eagerly with high priority; the rest lazily. */
  priority?: boolean;
  className?: string;
  /** Letter shown on the watercolor placeholder when there is no image or it fails. */
  initial?: string;
}

/** A catalogue picture from PocketBase thumbnails, with a painted placeholder when it cannot load. */
export function Thumb({ owner, file, alt, ratio = [4, 3], sizes = "(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw", priority, className, initial }: ThumbProps) {
  const [failed, setFailed] = useState(false);
  const [w, h] = ratio;
  const box = [styles.box, className].filter(Boolean).join(" ");
  if (!file || failed) {
    return (
      <div className={`${box} ${styles.placeholder}`} style={{ aspectRatio: `${w} / ${h}` }} role="img" aria-label={alt}>
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
      style={{ aspectRatio: `${w} / ${h}` }}
    />
  );
}
