// Seeds the demo studio into a running server through its REST API, as a superuser.
// Never overwrites a shop: the catalogue is seeded only when it is empty, and an admin is
// created only when the shop has none (a deleted admin is not brought back by a restart).
import { randomBytes, randomInt } from "node:crypto";
import PocketBase from "pocketbase";
import * as art from "./watercolor.mjs";
import * as demo from "./demo-catalog.mjs";
import { lanternStory } from "./story-pdf.mjs";

const png = (bytes, name) => new File([bytes], `${name}.png`, { type: "image/png" });
const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
const seedOf = (s) => [...s].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);

function form(fields, files) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    fd.append(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  for (const [k, list] of Object.entries(files)) for (const f of [].concat(list)) fd.append(k, f);
  return fd;
}

// No look-alike characters: the password is read off a terminal and typed in once.
const PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 20 characters from 56: about 116 bits, from the system's cryptographic random source. */
export function strongPassword(length = 20) {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join("");
}

/**
 * Creates the admin unless the shop already has one (or a user with that address). Without a
 * password, generates one, unless `requirePassword` (the shop is reachable beyond this machine).
 * Returns { created, password }: the password only when this call created the admin.
 */
export async function ensureAdmin(pb, { email, password }, { requirePassword = false } = {}) {
  const existing = await pb
    .collection("users")
    .getList(1, 1, { filter: pb.filter("is_admin = true || email = {:email}", { email }), fields: "id" })
    .then((r) => r.totalItems > 0);
  if (existing) return { created: false, password: "" };
  if (!password && requirePassword) {
    throw new Error("This shop listens beyond this machine and has no admin yet: set STUDIO_ADMIN_PASSWORD to the admin's password and start again.");
  }
  password ||= strongPassword();
  await pb.collection("users").create({
    email,
    password,
    passwordConfirm: password,
    verified: true,
    emailVisibility: false,
    first_name: demo.artist.name.split(" ")[0],
    last_name: demo.artist.name.split(" ").slice(1).join(" "),
  });
  return { created: true, password };
}

export async function seedCatalog(pb) {
  const counts = await Promise.all(
    ["paintings", "books", "characters", "murals", "merchandise", "artist_profile"].map((c) =>
      pb.collection(c).getList(1, 1, { fields: "id" }).then((r) => r.totalItems),
    ),
  );
  if (counts.some((n) => n > 0)) return false;

  const P = art.PALETTES;
  for (const c of demo.characters) {
    const { palette, ...fields } = c;
    await pb.collection("characters").create(
      form(
        {
          ...fields,
          youtube_url: c.has_video_story ? "https://video.example/lanternwood" : "",
          printful_store_url: "https://shop.example/lanternwood",
        },
        { image: png(art.character(seedOf(c.name), { palette: P[palette] }), slug(c.name)) },
      ),
    );
  }
  for (const p of demo.paintings) {
    const { palette, ...fields } = p;
    await pb.collection("paintings").create(form(fields, { image: png(art.landscape(seedOf(p.title), { palette: P[palette] }), slug(p.title)) }));
  }
  for (const b of demo.books) {
    const { palette, gallery, ...fields } = b;
    const pages = Array.from({ length: gallery }, (_, i) => png(art.landscape(seedOf(b.title) + i + 1, { palette: P[palette] }), `${slug(b.title)}-page-${i + 1}`));
    await pb.collection("books").create(
      form(fields, { image: png(art.cover(seedOf(b.title), { palette: P[palette] }), slug(b.title)), gallery_images: pages }),
    );
  }
  for (const m of demo.murals) {
    const { palette, ...fields } = m;
    await pb.collection("murals").create(
      form(fields, { image: png(art.landscape(seedOf(m.title), { width: 1200, height: 700, palette: P[palette] }), slug(m.title)) }),
    );
  }
  for (const m of demo.merchandise) {
    const { palette, ...fields } = m;
    await pb.collection("merchandise").create(
      form(fields, {
        primary_image: png(art.product(seedOf(m.title), { palette: P[palette] }), slug(m.title)),
        secondary_images: [png(art.product(seedOf(m.title) + 1, { palette: P.meadow }), `${slug(m.title)}-detail`)],
      }),
    );
  }
  await seedEdition(pb);
  await seedDownloads(pb);
  const { palette, ...profile } = demo.artist;
  await pb.collection("artist_profile").create(
    form(profile, { profile_image: png(art.character(seedOf(profile.name), { width: 720, height: 900, palette: P[palette] }), "portrait") }),
  );
  return true;
}

/**
 * The demo edition, and its first numbers sold as real demo orders (checkout, then the demo
 * page's Pay), so each has its ledger row and certificate. Without the demo provider (a shop with
 * a Stripe key) nothing can be sold for show, and the edition starts with every number left.
 */
async function seedEdition(pb) {
  const { buyers, painting: title, ...fields } = demo.edition;
  const painting = await pb.collection("paintings").getFirstListItem(pb.filter("title = {:title}", { title }));
  const edition = await pb.collection("editions").create({ ...fields, painting: painting.id });
  for (const b of buyers) {
    const open = await fetch(`${pb.baseURL}/api/studio/checkout`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ items: [{ id: edition.id, type: "edition", quantity: 1 }] }) });
    if (open.status === 503) return;
    if (!open.ok) throw new Error(`the demo edition's checkout answered ${open.status}: ${await open.text()}`);
    const { session_id: session } = await open.json();
    const address = { line1: "1 Harbor Road", city: b.city, postal_code: b.postal_code, country: b.country, state: b.state ?? "" };
    const paid = await fetch(`${pb.baseURL}/api/studio/checkout/${session}/pay`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ customer: { name: b.name, email: b.email }, shipping: { name: b.name, address } }) });
    if (!paid.ok) throw new Error(`the demo edition's payment answered ${paid.status}: ${await paid.text()}`);
  }
}

/** The demo downloads: a story e-book stamped for each buyer, and a colouring page to print. */
export async function seedDownloads(pb) {
  for (const d of demo.downloads) {
    const { palette, file, ...fields } = d;
    const item = await pb.collection("digital_items").create(form(fields, { image: png(art.cover(seedOf(d.title), { palette: art.PALETTES[palette] }), d.slug) }));
    const content =
      file.kind === "story"
        ? new File([lanternStory(6)], "the-lantern-of-pebblewick.pdf", { type: "application/pdf" })
        : png(art.character(seedOf(d.title), { width: 1240, height: 1754, palette: art.PALETTES[palette] }), d.slug);
    await pb.collection("digital_files").create(form({ digital_item: item.id, title: file.title, stamp: file.stamp }, { file: content }));
  }
}

/**
 * Seeds as the launch's superuser. `removeSuperuser`: delete that superuser afterwards, so a
 * running shop has no account the start script made. Returns { adminCreated, adminPassword,
 * catalogSeeded }; adminPassword is set only when the admin was created by this call.
 */
export async function seedDemoData({ url, superuserEmail, superuserPassword, admin, requirePassword = false, removeSuperuser = false }) {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection("_superusers").authWithPassword(superuserEmail, superuserPassword);
  try {
    const { created, password } = await ensureAdmin(pb, admin, { requirePassword });
    const catalogSeeded = await seedCatalog(pb);
    return { adminCreated: created, adminPassword: password, catalogSeeded };
  } finally {
    if (removeSuperuser) await retireSuperuser(pb);
  }
}

/**
 * Deletes the seed superuser. PocketBase keeps at least one superuser, so when it is the only one
 * its password is replaced by a random one that is never stored or shown: nobody can sign in as
 * it, and the shop's owner makes their own with `studio-server superuser upsert`.
 */
async function retireSuperuser(pb) {
  const self = pb.authStore.record.id;
  const others = await pb.collection("_superusers").getList(1, 1, { filter: pb.filter("id != {:self}", { self }), fields: "id" });
  if (others.totalItems > 0) {
    await pb.collection("_superusers").delete(self);
  } else {
    const unknown = randomBytes(32).toString("base64url");
    await pb.collection("_superusers").update(self, { password: unknown, passwordConfirm: unknown });
  }
  pb.authStore.clear();
}
