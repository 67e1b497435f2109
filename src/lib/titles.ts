// Every page's title, the same the server writes into the page it sends (pocketbase/internal/heads/seo.go), so a
// tab, a bookmark and a search result name the page the same way before and after script runs.
import { useEffect } from "react";
import type { PieceList } from "./addresses";

export const STUDIO = "Lanternwood Studio";

export function titled(name: string): string {
  return `${name} · ${STUDIO}`;
}

/** The titles of pages that need no data to be named, by path without its leading slash. */
export const ROUTE_TITLES: Record<string, string> = {
  "": `${STUDIO} · Watercolor Fairy Tale Art`,
  gallery: titled("Gallery & Shop"),
  about: titled("About the Artist"),
  pebblewick: titled("Pebblewick"),
  cryptids: titled("Hidden Cryptids Alliance"),
  commissions: titled("Commissions"),
  "commissions/queue": titled("Commission queue"),
  "customer/dashboard": titled("Your account"),
  "stripe-example": titled("Payment"),
  "checkout/success": titled("Thank you"),
  "checkout/canceled": titled("Payment canceled"),
  "reset-password": titled("Reset password"),
  "confirm-verification": titled("Confirm your email"),
  "confirm-email-change": titled("Confirm your new email"),
  "admin/login": titled("Admin Login"),
};

export const ADMIN_TITLE = titled("Admin Dashboard");
export const NOT_FOUND_TITLE = titled("Page not found");

/** What a piece is, in its title: "Moonlit Fox · Watercolor painting · Lanternwood Studio". */
export const PIECE_LABELS: Record<PieceList, string> = {
  gallery: "Watercolor painting",
  murals: "Mural",
  shop: "Shop",
  pebblewick: "Pebblewick character",
  cryptids: "Hidden Cryptids Alliance",
};

export function bookTitle(title: string): string {
  return titled(`${title} · Picture book`);
}

export function downloadTitle(title: string): string {
  return titled(`${title} · Download`);
}

export function pieceTitle(list: PieceList, name: string): string {
  return titled(`${name} · ${PIECE_LABELS[list]}`);
}

/** Names the tab after a page that has data (a book, a piece) once it is known. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
