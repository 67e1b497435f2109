// Paints small watercolor-style pictures for the demo shop: layered translucent washes with
// darker pooled edges and paper grain, encoded as PNG with nothing but zlib. Every picture is
// drawn from a seed, so the demo shop looks the same on every machine.
import { deflateSync } from "node:zlib";

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 1_000_000) / 1_000_000;
  };
}

function hex(c) {
  const n = parseInt(c.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

class Canvas {
  constructor(width, height, seed) {
    this.w = width;
    this.h = height;
    this.rand = rng(seed);
    this.px = new Float32Array(width * height * 3);
    // Warm paper with a faint, low-frequency mottling.
    const phase = this.rand() * 10;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const m = Math.sin(x / 47 + phase) * Math.sin(y / 61 - phase) * 4;
        const i = (y * width + x) * 3;
        this.px[i] = 248 + m;
        this.px[i + 1] = 242 + m;
        this.px[i + 2] = 231 + m;
      }
    }
  }

  /** A wash: an irregular blob filled with translucent pigment, darker where it pools at the edge. */
  wash(cx, cy, radius, color, opacity = 0.45, { squash = 1, wobble = 0.22, layers = 3 } = {}) {
    const [r, g, b] = hex(color);
    for (let layer = 0; layer < layers; layer++) {
      const steps = 180;
      const radii = new Float32Array(steps);
      const freqs = [2, 3, 5, 8].map((f) => [f, this.rand() * Math.PI * 2, (this.rand() * wobble) / f ** 0.6]);
      for (let k = 0; k < steps; k++) {
        const a = (k / steps) * Math.PI * 2;
        let v = 1;
        for (const [f, p, amp] of freqs) v += Math.sin(a * f + p) * amp;
        radii[k] = radius * v * (0.92 + layer * 0.05);
      }
      const maxR = radius * (1 + wobble * 1.6);
      const x0 = Math.max(0, Math.floor(cx - maxR));
      const x1 = Math.min(this.w - 1, Math.ceil(cx + maxR));
      const y0 = Math.max(0, Math.floor(cy - maxR * squash));
      const y1 = Math.min(this.h - 1, Math.ceil(cy + maxR * squash));
      const alpha = opacity / layers;
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const dx = x - cx;
          const dy = (y - cy) / squash;
          const d = Math.sqrt(dx * dx + dy * dy);
          const a = Math.atan2(dy, dx);
          const edge = radii[Math.floor(((a + Math.PI) / (Math.PI * 2)) * steps) % steps];
          if (d > edge) continue;
          // Pigment pools at the rim of a drying wash.
          const rim = Math.max(0, 1 - (edge - d) / 9);
          const grain = 0.85 + ((x * 7919 + y * 104729 + layer * 31) % 97) / 97 * 0.3;
          const k = Math.min(1, alpha * (0.75 + rim * 0.9) * grain);
          const i = (y * this.w + x) * 3;
          // Multiply blend: pigment darkens the paper, like glazing.
          this.px[i] = this.px[i] * (1 - k) + ((this.px[i] * r) / 255) * k;
          this.px[i + 1] = this.px[i + 1] * (1 - k) + ((this.px[i + 1] * g) / 255) * k;
          this.px[i + 2] = this.px[i + 2] * (1 - k) + ((this.px[i + 2] * b) / 255) * k;
        }
      }
    }
  }

  /** A soft horizontal band, for skies, seas and hills. */
  band(yTop, yBottom, color, opacity = 0.4) {
    const [r, g, b] = hex(color);
    const phase = this.rand() * 6;
    for (let x = 0; x < this.w; x++) {
      const top = yTop + Math.sin(x / 70 + phase) * 10 + Math.sin(x / 23 + phase * 2) * 3;
      for (let y = Math.max(0, Math.floor(top)); y < Math.min(this.h, yBottom); y++) {
        const rim = Math.max(0, 1 - (y - top) / 7);
        const k = Math.min(1, opacity * (0.8 + rim * 0.7));
        const i = (y * this.w + x) * 3;
        this.px[i] = this.px[i] * (1 - k) + ((this.px[i] * r) / 255) * k;
        this.px[i + 1] = this.px[i + 1] * (1 - k) + ((this.px[i + 1] * g) / 255) * k;
        this.px[i + 2] = this.px[i + 2] * (1 - k) + ((this.px[i + 2] * b) / 255) * k;
      }
    }
  }

  dot(cx, cy, radius, color) {
    this.wash(cx, cy, radius, color, 0.95, { wobble: 0.05, layers: 1 });
  }

  png() {
    const { w, h } = this;
    const raw = Buffer.alloc((w * 3 + 1) * h);
    for (let y = 0; y < h; y++) {
      raw[y * (w * 3 + 1)] = 0;
      for (let x = 0; x < w * 3; x++) {
        raw[y * (w * 3 + 1) + 1 + x] = Math.max(0, Math.min(255, Math.round(this.px[y * w * 3 + x])));
      }
    }
    const chunk = (type, data) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(w, 0);
    ihdr.writeUInt32BE(h, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(raw, { level: 9 })),
      chunk("IEND", Buffer.alloc(0)),
    ]);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A seaside or woodland scene: sky, a distant shore or hills, water or meadow, a moon or sun, small lights. */
export function landscape(seed, { width = 960, height = 720, palette }) {
  const c = new Canvas(width, height, seed);
  const p = palette;
  c.band(0, height, p.sky, 0.35);
  c.wash(width * (0.2 + c.rand() * 0.6), height * 0.22, height * 0.09, p.light, 0.7, { wobble: 0.08 });
  c.band(height * 0.45, height, p.far, 0.35);
  c.band(height * 0.62, height, p.near, 0.45);
  for (let i = 0; i < 5; i++) {
    c.wash(c.rand() * width, height * (0.55 + c.rand() * 0.1), width * (0.05 + c.rand() * 0.06), p.far, 0.35, { squash: 0.6 });
  }
  for (let i = 0; i < 9; i++) {
    c.wash(c.rand() * width, height * (0.7 + c.rand() * 0.25), width * 0.02, p.accent, 0.55, { wobble: 0.3 });
  }
  return c.png();
}

/** A small character: a round body, a head, bright eyes and a little light, on a soft ground wash. */
export function character(seed, { width = 720, height = 720, palette }) {
  const c = new Canvas(width, height, seed);
  const p = palette;
  c.band(0, height, p.sky, 0.25);
  c.wash(width * 0.5, height * 0.86, width * 0.42, p.near, 0.4, { squash: 0.25 });
  c.wash(width * 0.5, height * 0.62, width * 0.22, p.body, 0.75, { squash: 1.1 });
  c.wash(width * 0.5, height * 0.36, width * 0.15, p.body, 0.7);
  c.wash(width * 0.38, height * 0.22, width * 0.05, p.body, 0.6, { squash: 1.6 });
  c.wash(width * 0.62, height * 0.22, width * 0.05, p.body, 0.6, { squash: 1.6 });
  c.dot(width * 0.45, height * 0.35, width * 0.018, "#1d2430");
  c.dot(width * 0.55, height * 0.35, width * 0.018, "#1d2430");
  c.wash(width * 0.5, height * 0.42, width * 0.02, p.accent, 0.7);
  c.wash(width * 0.74, height * 0.56, width * 0.05, p.light, 0.8, { wobble: 0.1 });
  for (let i = 0; i < 6; i++) c.wash(c.rand() * width, c.rand() * height * 0.5, width * 0.012, p.light, 0.6);
  return c.png();
}

/** A book cover: a scene with a title plate wash. */
export function cover(seed, { width = 600, height = 840, palette }) {
  const c = new Canvas(width, height, seed);
  const p = palette;
  c.band(0, height, p.sky, 0.4);
  c.wash(width * 0.5, height * 0.16, width * 0.36, p.light, 0.55, { squash: 0.35 });
  c.band(height * 0.58, height, p.far, 0.4);
  c.band(height * 0.75, height, p.near, 0.5);
  c.wash(width * 0.5, height * 0.6, width * 0.14, p.body, 0.7, { squash: 1.2 });
  c.dot(width * 0.47, height * 0.56, width * 0.015, "#1d2430");
  c.dot(width * 0.53, height * 0.56, width * 0.015, "#1d2430");
  for (let i = 0; i < 8; i++) c.wash(c.rand() * width, height * (0.3 + c.rand() * 0.2), width * 0.015, p.light, 0.7);
  return c.png();
}

/** A product shot: an object wash on a soft backdrop. */
export function product(seed, { width = 720, height = 720, palette }) {
  const c = new Canvas(width, height, seed);
  const p = palette;
  c.band(height * 0.7, height, p.far, 0.25);
  c.wash(width * 0.5, height * 0.5, width * 0.3, p.body, 0.7, { squash: 1.05, wobble: 0.12 });
  c.wash(width * 0.5, height * 0.45, width * 0.12, p.light, 0.7, { wobble: 0.15 });
  c.wash(width * 0.5, height * 0.47, width * 0.05, p.accent, 0.75);
  return c.png();
}

export const PALETTES = {
  harbor: { sky: "#9cc7d4", far: "#4f8a94", near: "#2f6f78", light: "#f3c66b", accent: "#d9735b", body: "#c98a5a" },
  dusk: { sky: "#b7a6d6", far: "#6d5f99", near: "#3e4f6e", light: "#f6d07a", accent: "#e58b6b", body: "#8a7bb8" },
  meadow: { sky: "#cfe3c3", far: "#87a96b", near: "#5b7f4a", light: "#f2c14e", accent: "#c8553d", body: "#a3785a" },
  forest: { sky: "#a9c2b0", far: "#4e6e58", near: "#2f4a3a", light: "#e9d68a", accent: "#b5563f", body: "#6b5a4a" },
  coral: { sky: "#f3cdb8", far: "#e08e6d", near: "#b85c44", light: "#fbe3a1", accent: "#2f6f78", body: "#e39b7b" },
  moon: { sky: "#7d8fb3", far: "#3f4f78", near: "#26314f", light: "#f4ecc2", accent: "#9fd3c7", body: "#5c6d99" },
};
