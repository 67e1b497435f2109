import { useState } from "react";
import { Thumb } from "../../ui/Thumb";
import type { Book } from "../../lib/catalog";
import styles from "./catalog.module.css";

/** The cover and gallery pages; wraps at both ends, no controls for a single image (SPEC §4). */
export function BookCarousel({ book }: { book: Book }) {
  const images = [book.image, ...(book.gallery_images ?? [])].filter((f) => f && f.trim());
  const [index, setIndex] = useState(0);
  const count = images.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  return (
    <div className={styles.carousel} aria-roledescription="carousel" aria-label={`${book.title} images`}>
      <Thumb owner={book} file={images[index]} alt={`${book.title}, image ${index + 1} of ${count}`} ratio={[3, 4]} sizes="(min-width: 800px) 380px, 90vw" className={styles.carouselImage} />
      {count > 1 && (
        <>
          <div className={styles.carouselControls}>
            <button type="button" onClick={() => go(-1)} aria-label="Previous image">
              ‹
            </button>
            <span aria-live="polite">
              {index + 1} / {count}
            </span>
            <button type="button" onClick={() => go(1)} aria-label="Next image">
              ›
            </button>
          </div>
          <div className={styles.thumbs}>
            {images.map((file, i) => (
              <button key={file} type="button" onClick={() => setIndex(i)} aria-label={`Show image ${i + 1}`} aria-current={i === index} className={i === index ? styles.thumbActive : undefined}>
                <Thumb owner={book} file={file} alt="" ratio={[1, 1]} sizes="64px" />
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
