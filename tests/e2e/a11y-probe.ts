// Measurements taken in the page for the keyboard, zoom and contrast tests: where the focused
// element is against the sticky header, what its focus indicator and a field's border contrast
// with, and whether a piece of text is cut by its own box or its card.
import type { Page } from "@playwright/test";

export interface FocusStop {
  /** Tag and accessible-ish label of the focused element, for messages. */
  what: string;
  inHeader: boolean;
  /** Whether the element itself is what is drawn at the top of its visible part (nothing over it). */
  onTop: boolean;
  /** A fixed layer (the connection line, a toast) drawn over the element's middle, described; null when none is. */
  coveredBy: string | null;
  /** The focused element's box against the viewport and the header's bottom edge. */
  top: number;
  bottom: number;
  left: number;
  right: number;
  headerBottom: number;
  viewportHeight: number;
  viewportWidth: number;
  /** Contrast of the focus indicator with what is right behind it (1 when there is none). */
  indicatorContrast: number;
}

function probe() {
  type RGBA = [number, number, number, number];
  const parse = (css: string): RGBA | null => {
    const m = css.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top: RGBA, under: RGBA): RGBA => {
    const a = top[3];
    return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
  };
  const luminance = ([r, g, b]: RGBA) => {
    const c = [r, g, b].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const contrast = (a: RGBA, b: RGBA) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  /** The solid colour painted behind `el`: its ancestors' backgrounds, stacked, on the page's paper. */
  const behind = (el: Element | null): RGBA => {
    const layers: RGBA[] = [];
    for (let node = el; node; node = node.parentElement) {
      const bg = parse(getComputedStyle(node).backgroundColor);
      if (bg && bg[3] > 0) {
        layers.push(bg);
        if (bg[3] >= 1) break;
      }
    }
    let color: RGBA = parse(getComputedStyle(document.body).backgroundColor) ?? [255, 255, 255, 1];
    for (const layer of layers.reverse()) color = over(layer, color);
    return color;
  };
  /** The focus indicator's colour: a solid outline, else the first box-shadow ring laid on the background. */
  const indicator = (el: Element, bg: RGBA): RGBA | null => {
    const s = getComputedStyle(el);
    if (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2) {
      const c = parse(s.outlineColor);
      if (c) return over(c, bg);
    }
    if (s.boxShadow && s.boxShadow !== "none") {
      const c = parse(s.boxShadow);
      if (c) return over(c, bg);
    }
    return null;
  };
  const header = () => document.querySelector("header");
  const describe = (el: Element) => {
    const field = el as HTMLInputElement;
    const name = el.getAttribute("aria-label") ?? (field.labels?.[0]?.textContent || el.textContent || "");
    return `${el.tagName.toLowerCase()}${field.type && el.tagName === "INPUT" ? `[${field.type}]` : ""} "${name.trim().slice(0, 40)}"`;
  };
  return {
    contrast,
    behind,
    /** Waits until no scrolling container has moved for three frames (a smooth scroll has landed). */
    async settled() {
      const where = () => [scrollX, scrollY, ...Array.from(document.querySelectorAll("*"), (e) => e.scrollTop)].join();
      let last = where();
      for (let still = 0; still < 3; ) {
        await new Promise(requestAnimationFrame);
        const now = where();
        still = now === last ? still + 1 : 0;
        last = now;
      }
    },
    focusStop() {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return null;
      // A control drawn by its label (a file input hidden behind its button) is measured by what is drawn.
      const small = (e: Element) => e.getBoundingClientRect().width * e.getBoundingClientRect().height < 4;
      const el = small(focused) ? ((focused as HTMLInputElement).labels?.[0] ?? focused.nextElementSibling ?? focused) : focused;
      const r = el.getBoundingClientRect();
      const bar = header();
      const bg = behind(el.parentElement);
      const ring = indicator(el, bg);
      const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(r.top + 2, 0), innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      const middle = document.elementFromPoint(
        Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1),
        Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1),
      );
      let layer = middle && !el.contains(middle) && !middle.contains(el) ? middle : null;
      while (layer && getComputedStyle(layer).position !== "fixed") layer = layer.parentElement;
      return {
        what: describe(focused),
        inHeader: !!bar?.contains(el),
        onTop: !!hit && (el.contains(hit) || hit.contains(el)),
        coveredBy: layer ? describe(layer) : null,
        top: r.top,
        bottom: r.bottom,
        left: r.left,
        right: r.right,
        headerBottom: bar && getComputedStyle(bar).position === "sticky" ? bar.getBoundingClientRect().bottom : 0,
        viewportHeight: innerHeight,
        viewportWidth: innerWidth,
        indicatorContrast: ring ? contrast(ring, bg) : 1,
      };
    },
    /** Each form field's border against what is around it. */
    fieldBorders(root: Element = document.body) {
      return Array.from(root.querySelectorAll("input:not([type=checkbox]):not([type=file]):not([type=hidden]), select, textarea"))
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => {
          const s = getComputedStyle(el);
          const bg = behind(el.parentElement);
          const border = parse(s.borderTopColor);
          return { what: describe(el) + ` ${el.id}`, contrast: border ? contrast(over(border, bg), bg) : 1 };
        });
    },
    /** Text cut by its own box (scrolling or ellipsis) or drawn outside the card that clips it. */
    cut(selector: string) {
      return Array.from(document.querySelectorAll(selector))
        .filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === "fixed")
        .flatMap((el) => {
          const box = el as HTMLElement;
          const problems: string[] = [];
          if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1) problems.push(`overflows itself ${box.scrollWidth}x${box.scrollHeight} > ${box.clientWidth}x${box.clientHeight}`);
          const r = box.getBoundingClientRect();
          for (let p = box.parentElement; p; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (s.overflowX !== "visible" || s.overflowY !== "visible" || s.contain.includes("paint")) {
              const c = p.getBoundingClientRect();
              if (r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 1 || r.bottom > c.bottom + 1) problems.push(`outside its clipping ${p.tagName.toLowerCase()}.${p.className}`);
              break;
            }
          }
          return problems.map((p) => `${describe(el)}: ${p}`);
        });
    },
  };
}

declare global {
  interface Window {
    a11yProbe: ReturnType<typeof probe>;
  }
}

/** Makes `window.a11yProbe` available on every page the test opens. */
export async function installProbe(page: Page) {
  await page.addInitScript(`window.a11yProbe = (${probe.toString()})();`);
}

/** Where the focused element is drawn once the page has finished scrolling to it. */
export const focusStop = (page: Page) =>
  page.evaluate(async () => {
    await window.a11yProbe.settled();
    return window.a11yProbe.focusStop();
  });

/** Problems with where the focused element is drawn: hidden under the sticky header or off the screen. */
export function placement(stop: FocusStop): string | null {
  if (stop.bottom - stop.top === 0 || stop.right - stop.left === 0) return `${stop.what} has no size`;
  const where = `(${Math.round(stop.top)}..${Math.round(stop.bottom)} of ${stop.viewportHeight}, header to ${Math.round(stop.headerBottom)})`;
  // A control taller than the room below the header (a character's card at 400 %) need only show a part.
  if (stop.bottom - stop.top > stop.viewportHeight - stop.headerBottom) {
    return stop.bottom > stop.headerBottom + 24 && stop.top < stop.viewportHeight - 24 ? null : `${stop.what} is out of sight ${where}`;
  }
  if (stop.bottom > stop.viewportHeight + 1 || stop.top < -1) return `${stop.what} is off the screen ${where}`;
  if (stop.coveredBy) return `${stop.what} is under ${stop.coveredBy} ${where}`;
  // Not hidden by the header (WCAG 2.4.11): at least half of it shows below it. (A card drawn for
  // the first time above it as the page glides up can still shift it by a few pixels.)
  if (!stop.inHeader && stop.top < stop.headerBottom - (stop.bottom - stop.top) / 2 && !stop.onTop) return `${stop.what} is under the header ${where}`;
  return null;
}

/** Text spacing as WCAG 1.4.12 sets it. */
export const TEXT_SPACING = "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }";
