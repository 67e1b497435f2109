import { startTransition, useCallback, useState, type ReactNode } from "react";

/**
 * For a long grid of cards: how many of them to render. It starts with `step` and adds `step`
 * more each time the returned marker comes within a screen's height of the viewport, so a shelf
 * of hundreds of cards costs the page only those a visitor scrolls near. The marker goes right
 * after the grid and keeps the room the cards still to come will take (at the height of those
 * shown), so what follows the grid does not move when they arrive, even on a fast scroll.
 */
export function useRevealOnScroll(total: number, step: number): { count: number; marker: ReactNode } {
  const [wanted, setWanted] = useState(step);
  const count = Math.min(wanted, total);
  const observe = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node) return;
      const grid = node.previousElementSibling;
      if (grid && count > 0) node.style.height = `${(grid.getBoundingClientRect().height * (total - count)) / count}px`;
      // Observed afresh after every step: still near the screen, it asks for the next one.
      const observer = new IntersectionObserver(
        ([entry]) => {
          if (entry.isIntersecting) startTransition(() => setWanted((n) => n + step));
        },
        { rootMargin: "100% 0px" },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [step, total, count],
  );
  return { count, marker: count < total ? <div ref={observe} aria-hidden="true" /> : null };
}
