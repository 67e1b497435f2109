// Generates the large catalogue the sync bench measures: 2,000 paintings, 200 books, 200
// merchandise items, 100 murals and 60 characters, each with its own uploaded picture (drawn
// from a pool of watercolors, so generating stays fast), through the real REST API.
import * as art from "./watercolor.mjs";

export const LARGE = { paintings: 2000, books: 200, merchandise: 200, murals: 100, characters: 60 };

const PRINT = "Print - For Sale";
const ORIGINAL = "Original - For Sale";
const SOLD = "Original - Sold Out";
const CUSTOM = "Custom Artwork";

const PLACES = ["Pebble Cove", "the Old Pines", "Lantern Bay", "Hollow Marsh", "the Tide Steps", "Mothwing Hill", "Kelp Harbor", "the Moss Library"];
const THINGS = ["Lanterns", "A Teacup Ferry", "Night Herons", "The Lighthouse Cat", "Fog Over the Nets", "Small Boats", "A Hidden Door", "Paper Moons"];
const LINES = [
  "Painted on a grey morning when the whole village smelled of rain.",
  "A quiet corner of the story world, with room for a small creature to hide.",
  "Layered washes of sea glass and driftwood, finished with a fine brush.",
  "The kind of evening when every window in Pebblewick glows at once.",
];

function pick(list, i) {
  return list[i % list.length];
}

function form(fields, files) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  for (const [k, f] of Object.entries(files)) fd.append(k, f);
  return fd;
}

function picturePool(size, draw) {
  const palettes = Object.values(art.PALETTES);
  return Array.from({ length: size }, (_, i) => draw(1000 + i, { width: 400, height: 300, palette: palettes[i % palettes.length] }));
}

/** Runs `count` jobs, `width` at a time. */
async function inParallel(count, width, job) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

function painting(i) {
  const kind = i % 5;
  const tags = kind === 0 ? [PRINT, ORIGINAL] : kind === 1 ? [PRINT, SOLD] : kind === 2 ? [ORIGINAL] : kind === 3 ? [PRINT] : [CUSTOM];
  const prices = {};
  if (tags.includes(PRINT)) prices[PRINT] = 25 + (i % 20);
  if (tags.includes(ORIGINAL)) prices[ORIGINAL] = 300 + (i % 40) * 10;
  return { title: `${pick(THINGS, i)} at ${pick(PLACES, i * 7 + 3)}, No. ${i + 1}`, description: pick(LINES, i), tags, tag_prices: prices, featured: false };
}

/** Fills an empty shop through `pb` (signed in as a superuser); `counts` defaults to LARGE. */
export async function seedLargeCatalog(pb, counts = LARGE, { parallel = 6 } = {}) {
  const landscapes = picturePool(24, art.landscape);
  const portraits = picturePool(12, art.character);
  const products = picturePool(12, art.product);
  const png = (pool, i, name) => new File([pool[i % pool.length]], `${name}-${i + 1}.png`, { type: "image/png" });

  await inParallel(counts.paintings, parallel, (i) =>
    pb.collection("paintings").create(form(painting(i), { image: png(landscapes, i, "painting") })),
  );
  await inParallel(counts.books, parallel, (i) =>
    pb.collection("books").create(
      form(
        { title: `Tales of ${pick(PLACES, i)}, Volume ${i + 1}`, description: pick(LINES, i + 1), price: 14 + (i % 12), featured: false, website_cart_available: true, publisher_available: false, publisher_in_stock: false },
        { image: png(portraits, i, "book") },
      ),
    ),
  );
  await inParallel(counts.merchandise, parallel, (i) =>
    pb.collection("merchandise").create(
      form(
        { title: `${pick(THINGS, i + 2)} ${pick(["Tee", "Mug", "Tote", "Pin", "Print"], i)} ${i + 1}`, description: pick(LINES, i + 2), price: 10 + (i % 30), in_stock: i % 9 !== 0, featured: false, inventory_count: i % 3 === 0 ? null : 5 + (i % 20), available_sizes: i % 2 ? ["S", "M", "L"] : [], available_colors: i % 4 ? ["Sea Glass", "Navy"] : [] },
        { primary_image: png(products, i, "product") },
      ),
    ),
  );
  await inParallel(counts.murals, parallel, (i) =>
    pb.collection("murals").create(
      form({ title: `Mural of ${pick(PLACES, i + 1)} ${i + 1}`, description: pick(LINES, i + 3), location: pick(PLACES, i + 5), year: 1990 + (i % 36) }, { image: png(landscapes, i + 5, "mural") }),
    ),
  );
  await inParallel(counts.characters, parallel, (i) =>
    pb.collection("characters").create(
      form(
        { name: `${pick(["Barnaby", "Mothwing", "Captain Kelp", "Bramble", "Wren", "Pip"], i)} the ${i + 1}th`, description: pick(LINES, i), bio: pick(LINES, i + 1), artist_notes: "", character_type: i % 2 ? "cryptid" : "pebblewick", status: i % 7 ? "current" : "upcoming", has_video_story: false },
        { image: png(portraits, i, "character") },
      ),
    ),
  );
}
