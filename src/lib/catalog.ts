// The public catalogue's records as the server sends them and Dexie keeps them.
export interface CatalogRecord {
  id: string;
  collectionId: string;
  collectionName: string;
  created: string;
  updated: string;
}

export const PRINT_TAG = "Print - For Sale";
export const ORIGINAL_TAG = "Original - For Sale";
export const SOLD_OUT_TAG = "Original - Sold Out";
export const CUSTOM_TAG = "Custom Artwork";

export interface Painting extends CatalogRecord {
  title: string;
  description: string;
  image: string;
  tags: string[] | null;
  tag_prices: Record<string, number> | null;
  featured: boolean;
  /** The story world it belongs to, when it belongs to one (a newsletter list of the same id). */
  world?: PaintingWorld | "";
}

export type PaintingWorld = "pebblewick" | "cryptids";

/** A painting's world as a sentence names it ("new originals from Pebblewick"). */
export const PAINTING_WORLDS: Record<PaintingWorld, string> = { pebblewick: "Pebblewick", cryptids: "the Hidden Cryptids Alliance" };

/** Whether a painting's original has been sold. */
export function originalSold(p: Painting): boolean {
  return (p.tags ?? []).includes(SOLD_OUT_TAG);
}

export interface Book extends CatalogRecord {
  /** The story world it belongs to, when it belongs to one: new work is announced to its list. */
  world?: PaintingWorld | "";
  title: string;
  description: string;
  image: string;
  gallery_images: string[];
  price: number;
  featured: boolean;
  publisher_available: boolean;
  publisher_in_stock: boolean;
  publisher_link: string;
  website_cart_available: boolean;
}

export interface Merchandise extends CatalogRecord {
  title: string;
  description: string;
  price: number;
  primary_image: string;
  secondary_images: string[];
  in_stock: boolean;
  featured: boolean;
  inventory_count: number | null;
  available_sizes: string[] | null;
  available_colors: string[] | null;
}

export interface Mural extends CatalogRecord {
  /** The story world it belongs to, when it belongs to one: new work is announced to its list. */
  world?: PaintingWorld | "";
  title: string;
  description: string;
  image: string;
  location: string;
  year: number;
}

export type CharacterType = "pebblewick" | "cryptid";

export interface Character extends CatalogRecord {
  name: string;
  description: string;
  bio: string;
  artist_notes: string;
  image: string;
  character_type: CharacterType;
  status: "current" | "upcoming";
  has_video_story: boolean;
  youtube_url: string;
  printful_store_url: string;
}

export interface ArtistProfile extends CatalogRecord {
  name: string;
  bio: string;
  profile_image: string;
}

export interface Tag extends CatalogRecord {
  name: string;
}

/** One type's state as the studio takes work in (pb_hooks/lib/commissions/commission-slots.js). */
export interface CommissionTypeState {
  type: string;
  label: string;
  state: "open" | "waitlist" | "closed";
  text: string;
  slots: number;
  free: number;
  waiting: number;
  opens_at: string;
}

/** A place on the public commission queue: no name, address, words or file of anyone. */
export interface QueueRow {
  ref: string;
  position: number;
  waitlist_position: number;
  type: string;
  type_label: string;
  stage: string;
  days: number;
}

/** The one public row the commission page and the queue are drawn from. */
export interface CommissionBoard extends CatalogRecord {
  states: CommissionTypeState[] | null;
  next_at: string;
  next_states: CommissionTypeState[] | null;
  queue_public: boolean;
  queue: QueueRow[] | null;
}

/** A numbered edition of a painting's print (pb_migrations/1763810100_editions.js). */
export interface Edition extends CatalogRecord {
  painting: string;
  size: number;
  artist_proofs: number | null;
  paper: string;
  dimensions: string;
  /** Dollars. */
  price: number;
  print_date: string;
  /** Numbers given so far, refunded ones included: they are never sold again. */
  issued: number;
}

/** A file sold to download (pb_migrations/1763811100_digital_downloads.js); its files stay private. */
export interface DigitalItem extends CatalogRecord {
  title: string;
  slug: string;
  description: string;
  kind: "colouring page" | "printable" | "e-book";
  /** Dollars. */
  price: number;
  image: string;
  world: CharacterType | "";
  available: boolean;
  /** What its files are, kept by the server (pb_hooks/lib/catalog/download-files.js); the files stay the studio's. */
  files?: DigitalFileSummary[];
}

export interface DigitalFileSummary {
  type: string;
  pages: number;
  bytes: number;
}

export interface CatalogTables {
  characters: Character;
  paintings: Painting;
  books: Book;
  merchandise: Merchandise;
  murals: Mural;
  artist_profile: ArtistProfile;
  tags: Tag;
  commission_board: CommissionBoard;
  editions: Edition;
  digital_items: DigitalItem;
}

export type CatalogCollection = keyof CatalogTables;

export const CATALOG_COLLECTIONS: CatalogCollection[] = ["characters", "paintings", "books", "merchandise", "murals", "artist_profile", "tags", "commission_board", "editions", "digital_items"];

/** A painting's price for a variant, when the tag is present and priced (SPEC §5). */
export function paintingPrice(p: Painting, variant: "print" | "original"): number | null {
  const tag = variant === "print" ? PRINT_TAG : ORIGINAL_TAG;
  const price = p.tag_prices?.[tag];
  if (!(p.tags ?? []).includes(tag)) return null;
  if (variant === "original" && (p.tags ?? []).includes(SOLD_OUT_TAG)) return null;
  return typeof price === "number" && price > 0 ? price : null;
}

/**
 * Later first, for PocketBase timestamps ("2026-11-23 10:00:00.000Z"), which sort as plain
 * strings: localeCompare gives the same order through the collator, at a cost a slow phone feels
 * (90 ms of the home page's start at 4× CPU slowdown).
 */
export function laterFirst(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}

export function byNewest<T extends { created: string }>(a: T, b: T): number {
  return laterFirst(a.created, b.created);
}
