import type { ReactNode } from "react";
import type { PieceList, PieceOf } from "../../lib/addresses";
import { MuralDetails, MerchDetails, PaintingDetails } from "../catalog";
import { CharacterDetails } from "../characters";

/** The body of a piece, by the list it belongs to. */
/** `heading`: the page's title block, drawn right under the picture. */
export function PieceDetails<L extends PieceList>({ list, piece, ...look }: { list: L; piece: PieceOf[L]; sizes: string; priority?: boolean; heading?: ReactNode }) {
  switch (list) {
    case "gallery":
      return <PaintingDetails painting={piece as PieceOf["gallery"]} {...look} />;
    case "murals":
      return <MuralDetails mural={piece as PieceOf["murals"]} {...look} />;
    case "shop":
      return <MerchDetails item={piece as PieceOf["shop"]} {...look} />;
    default:
      return <CharacterDetails character={piece as PieceOf["pebblewick"]} {...look} />;
  }
}
