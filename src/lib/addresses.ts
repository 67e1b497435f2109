// A piece's shareable address: its list's path, a slug of its title, and its id
// (/gallery/moonlit-fox-k3j9x2m4p7q1w8e). The server makes the same addresses (pocketbase/internal/catalog/pieces.go)
// and redirects an address whose words are out of date; docs/decisions/016-piece-addresses.md.
import type { Character, Merchandise, Mural, Painting } from "./catalog";

export type PieceList = "gallery" | "murals" | "shop" | "pebblewick" | "cryptids";
export const PIECE_LISTS: readonly PieceList[] = ["gallery", "murals", "shop", "pebblewick", "cryptids"];

export type PieceOf = { gallery: Painting; murals: Mural; shop: Merchandise; pebblewick: Character; cryptids: Character };

export const PIECE_COLLECTIONS = {
  gallery: "paintings",
  murals: "murals",
  shop: "merchandise",
  pebblewick: "characters",
  cryptids: "characters",
} as const;

const MAX_WORDS = 60;

/** Lower-case ASCII words of a title joined by hyphens, accents dropped, at most 60 characters cut at a word. */
export function slugWords(title: string): string {
  const words = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{Mn}/gu, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  let slug = words.join("-");
  while (slug.length > MAX_WORDS) {
    const cut = slug.lastIndexOf("-", MAX_WORDS);
    slug = cut <= 0 ? slug.slice(0, MAX_WORDS) : slug.slice(0, cut);
  }
  return slug;
}

/** The record id at the end of an address's last segment, "" when there is none. */
export function idInSlug(segment: string): string {
  const id = segment.slice(segment.lastIndexOf("-") + 1);
  return /^[a-z0-9]{15}$/.test(id) ? id : "";
}

export function pieceAddress(list: PieceList, piece: { id: string; title?: string; name?: string }): string {
  const words = slugWords(piece.title ?? piece.name ?? "");
  return `/${list}/${words ? `${words}-` : ""}${piece.id}`;
}

export function characterList(character: Character): PieceList {
  return character.character_type === "cryptid" ? "cryptids" : "pebblewick";
}

// A piece opened from a list is drawn as a dialog over that list; the same address loaded or
// reloaded is a page of its own. History keeps a location's state across a reload, so the state
// names this document: only links followed in it open over the list.
const DOCUMENT = Math.random().toString(36).slice(2);

export function overListState(): { overList: string } {
  return { overList: DOCUMENT };
}

export function isOverList(state: unknown): boolean {
  return (state as { overList?: unknown } | null)?.overList === DOCUMENT;
}
