import { lazy, Suspense, useEffect } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { ThumbSkeleton } from "../../ui/Thumb";
import { Loading, TextLines } from "../../ui/Skeleton";
import { useCatalog, useCatalogRecord } from "../../lib/sync";
import { characterList, idInSlug, isOverList, PIECE_COLLECTIONS, pieceAddress, type PieceList, type PieceOf } from "../../lib/addresses";
import { LOOK, nameOf } from "./look";
import { NOT_FOUND_TITLE, PIECE_LABELS, pieceTitle, usePageTitle } from "../../lib/titles";
import { PieceDetails } from "./PieceDetails";
import { ShareButton } from "./ShareButton";
import styles from "./pieces.module.css";

// The sizes the page draws its picture at (pocketbase/internal/heads/preload.go preloads it with the same).
const PAGE_SIZES = "(min-width: 900px) 560px, 92vw";
// The dialog (and the interaction library under it) loads only when a piece opens over a list.
const PieceDialog = lazy(() => import("./PieceDialog"));

/**
 * A piece's address (/gallery/moonlit-fox-<id>, /murals/…, /shop/…, /pebblewick/…, /cryptids/…):
 * a dialog over the list it was opened from, or, loaded on its own, a page with a way back to
 * its list. Either way the data is the catalogue in IndexedDB, so it opens offline too.
 */
export function PiecePage() {
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  const list = pathname.split("/")[1] as PieceList;
  const { slug = "" } = useParams();
  const read = useCatalog(PIECE_COLLECTIONS[list]);
  const record = useCatalogRecord(PIECE_COLLECTIONS[list], idInSlug(slug)) as PieceOf[PieceList] | null | undefined;
  // A character of the other world is not this list's.
  const piece = record && (!("character_type" in record) || characterList(record) === list) ? record : record === undefined ? undefined : null;
  const missing = piece === null && !read.loading;
  const overList = isOverList(state);
  const look = LOOK[list];

  usePageTitle(piece ? pieceTitle(list, nameOf(piece)) : missing ? NOT_FOUND_TITLE : undefined);
  // An address with a renamed piece's old words shows the current address, as the server redirects it.
  const address = piece ? pieceAddress(list, piece) : "";
  useEffect(() => {
    if (address && address !== pathname) navigate(address, { replace: true, state });
  }, [address, pathname, state, navigate]);

  if (overList) {
    return (
      <Suspense fallback={null}>
        <PieceDialog list={list} piece={piece} missing={missing} address={address} />
      </Suspense>
    );
  }

  let body;
  if (piece) {
    body = (
      <article className={styles.piece}>
        <PieceDetails
          list={list}
          piece={piece}
          sizes={PAGE_SIZES}
          priority
          heading={
            <header className={styles.heading}>
              <div>
                <p className="eyebrow">{PIECE_LABELS[list]}</p>
                <h1>{nameOf(piece)}</h1>
              </div>
              <ShareButton title={nameOf(piece)} path={address} />
            </header>
          }
        />
      </article>
    );
  } else if (missing) {
    body = (
      <div className={styles.piece}>
        <h1>Piece not found</h1>
        <p className="muted">This piece is no longer in the studio&apos;s collection.</p>
      </div>
    );
  } else if (read.failed) {
    body = <p className="error-text">Failed to load this piece. Please try again later.</p>;
  } else {
    body = (
      <Loading>
        <div className={styles.piece}>
          <ThumbSkeleton ratio={look.ratio} className={styles.picture} lcpSlot />
          <TextLines lines={4} heading />
        </div>
      </Loading>
    );
  }
  return (
    <div className="container section">
      <Link className={styles.back} to={look.back[0]}>
        ← {look.back[1]}
      </Link>
      {body}
    </div>
  );
}
