import { useNavigate } from "react-router-dom";
import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import type { PieceList, PieceOf } from "../../lib/addresses";
import { PieceDetails } from "./PieceDetails";
import { ShareButton } from "./ShareButton";
import { LOOK, nameOf } from "./look";

/** A piece over the list it was opened from; closing it is Back, to the list as it was left. */
export default function PieceDialog({ list, piece, missing, address }: { list: PieceList; piece: PieceOf[PieceList] | null | undefined; missing: boolean; address: string }) {
  const navigate = useNavigate();
  const look = LOOK[list];
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && navigate(-1)}
      width={look.dialogWidth}
      title={piece ? nameOf(piece) : ""}
      footer={
        <>
          {piece && <ShareButton title={nameOf(piece)} path={address} />}
          <Button variant="secondary" onPress={() => navigate(-1)}>
            Close
          </Button>
        </>
      }
    >
      {piece ? <PieceDetails list={list} piece={piece} sizes={look.dialogSizes} /> : missing && <p className="error-text">This piece is no longer here.</p>}
    </Dialog>
  );
}
