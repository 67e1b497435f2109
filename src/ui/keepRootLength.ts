/**
 * Keeps `measure(element)` in the root's custom property `name` (in px) while the element is
 * resized, for the styles that make room for it (the header's and the status dock's heights).
 * Written only when it differs from what the page already uses (global.css has the usual values):
 * a custom property on the root is inherited by every element, so each write restyles the whole
 * page, 7 ms of a cold visit's main thread. Returns the cleanup for an effect.
 */
export function keepRootLength(name: string, element: HTMLElement | null, measure: (element: HTMLElement) => number) {
  if (!element || typeof ResizeObserver === "undefined") return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    const length = `${Math.ceil(measure(element))}px`;
    if (getComputedStyle(root).getPropertyValue(name).trim() !== length) root.style.setProperty(name, length);
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    root.style.removeProperty(name);
  };
}
