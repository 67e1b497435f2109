import { useState } from "react";
import type { RecordModel } from "pocketbase";
import { useLiveList } from "../../../lib/useLiveList";
import { fileUrl } from "../../../lib/files";
import { Button } from "../../../ui/Button";
import { SelectField } from "../../../ui/form";
import type { PieceKind, PieceRef } from "./letters";
import styles from "./letters.module.css";

const KINDS: { value: PieceKind; label: string; collection: string; picture: string; sort: string }[] = [
  { value: "painting", label: "Paintings", collection: "paintings", picture: "image", sort: "-created" },
  { value: "book", label: "Books", collection: "books", picture: "image", sort: "-created" },
  { value: "merchandise", label: "Merchandise", collection: "merchandise", picture: "primary_image", sort: "-created" },
  { value: "mural", label: "Murals", collection: "murals", picture: "image", sort: "-created" },
  { value: "character", label: "Characters", collection: "characters", picture: "image", sort: "name" },
];

type Piece = RecordModel & { title?: string; name?: string };
const nameOf = (p: Piece) => p.title || p.name || p.id;

/** Pieces of the catalogue the letter shows; the server adds each one's price and address. */
export function PiecePicker({ value, onChange }: { value: PieceRef[]; onChange: (v: PieceRef[]) => void }) {
  const [kind, setKind] = useState<PieceKind>("painting");
  const [picked, setPicked] = useState("");
  const spec = KINDS.find((k) => k.value === kind)!;
  const { items } = useLiveList<Piece>(spec.collection, "", spec.sort);
  // What was picked is remembered with its name and picture, whichever list is open now.
  const [known, setKnown] = useState<Map<string, { name: string; src: string }>>(new Map());
  const keyOf = (r: PieceRef) => `${r.kind}:${r.id}`;

  const describe = (piece: Piece) => {
    const file = String(piece[spec.picture] ?? "");
    return { name: nameOf(piece), src: file ? fileUrl(piece, file, "160x160") : "" };
  };
  // A draft opened again names its pieces once their list is open.
  const shown = (r: PieceRef) => known.get(keyOf(r)) ?? (r.kind === kind ? items?.filter((p) => p.id === r.id).map(describe)[0] : undefined);

  function add() {
    const piece = items?.find((p) => p.id === picked);
    if (!piece || value.some((r) => r.kind === kind && r.id === piece.id)) return;
    setKnown((m) => new Map(m).set(`${kind}:${piece.id}`, describe(piece)));
    onChange([...value, { kind, id: piece.id }]);
    setPicked("");
  }

  return (
    <fieldset className={styles.section}>
      <legend>Pieces in the letter</legend>
      {value.length > 0 && (
        <ul className={styles.pieces}>
          {value.map((r) => {
            const k = shown(r);
            const label = k?.name ?? `${KINDS.find((x) => x.value === r.kind)?.label ?? r.kind} ${r.id}`;
            return (
              <li key={keyOf(r)} className={styles.piece}>
                {k?.src ? <img src={k.src} alt="" width={56} height={56} /> : <span aria-hidden="true" />}
                <span>{label}</span>
                <Button size="small" variant="ghost" onPress={() => onChange(value.filter((x) => keyOf(x) !== keyOf(r)))} aria-label={`Remove ${label}`}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.picker}>
        <SelectField label="From" value={kind} onChange={(x) => setKind(x as PieceKind)} options={KINDS.map((k) => ({ value: k.value, label: k.label }))} />
        <SelectField
          label="Piece"
          value={picked}
          onChange={setPicked}
          placeholder={items ? "Choose a piece" : "Loading..."}
          options={(items ?? []).map((p) => ({ value: p.id, label: nameOf(p) }))}
        />
        <Button variant="secondary" onPress={add} isDisabled={!picked || value.length >= 12}>
          Add piece
        </Button>
      </div>
    </fieldset>
  );
}
