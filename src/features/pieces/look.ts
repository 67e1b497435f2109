import type { PieceList, PieceOf } from "../../lib/addresses";
import type { ThumbRatio } from "../../ui/Thumb";

/** How each list's pieces are drawn: the picture's shape, the list to go back to, the dialog's width and picture sizes. */
export const LOOK: Record<PieceList, { ratio: ThumbRatio; back: [string, string]; dialogWidth: number; dialogSizes: string }> = {
  gallery: { ratio: [4, 3], back: ["/gallery", "Gallery & Shop"], dialogWidth: 760, dialogSizes: "(min-width: 800px) 720px, 100vw" },
  murals: { ratio: [16, 10], back: ["/gallery", "Gallery & Shop"], dialogWidth: 860, dialogSizes: "(min-width: 900px) 820px, 100vw" },
  shop: { ratio: [1, 1], back: ["/gallery", "Gallery & Shop"], dialogWidth: 760, dialogSizes: "(min-width: 800px) 720px, 100vw" },
  pebblewick: { ratio: [1, 1], back: ["/pebblewick", "Pebblewick"], dialogWidth: 760, dialogSizes: "(min-width: 760px) 320px, 90vw" },
  cryptids: { ratio: [1, 1], back: ["/cryptids", "Hidden Cryptids Alliance"], dialogWidth: 760, dialogSizes: "(min-width: 760px) 320px, 90vw" },
};

export function nameOf(piece: PieceOf[PieceList]): string {
  return "name" in piece ? piece.name : piece.title;
}
