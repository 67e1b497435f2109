import { z } from "zod";
import type { Character } from "../../../lib/catalog";
import { Badge } from "../../../ui/Badge";
import { Thumb } from "../../../ui/Thumb";
import { EntityManager } from "../EntityManager";
import { PieceLetters } from "./PieceLetters";
import { optionalUrl, required } from "./rules";
import { EditDelete } from "../parts";
import styles from "../admin.module.css";

export function CharactersTab() {
  return (
    <EntityManager<Character>
      collection="characters"
      noun="character"
      addLabel="Add Character"
      dialogTitle={(e) => (e ? "Edit Character" : "Add Character")}
      defaults={{ character_type: "pebblewick", status: "current" }}
      aboutItem={(item) => <PieceLetters kind="character" id={item.id} />}
      fields={[
        { name: "name", label: "Name", kind: "text", required: true },
        {
          name: "character_type",
          label: "World",
          kind: "select",
          options: [
            { value: "pebblewick", label: "Pebblewick" },
            { value: "cryptid", label: "Hidden Cryptids Alliance" },
          ],
        },
        {
          name: "status",
          label: "Status",
          kind: "select",
          options: [
            { value: "current", label: "Current" },
            { value: "upcoming", label: "Upcoming" },
          ],
        },
        { name: "image", label: "Image", kind: "image" },
        { name: "description", label: "Description", kind: "textarea" },
        { name: "bio", label: "Bio", kind: "textarea" },
        { name: "artist_notes", label: "Artist's Notes", kind: "textarea" },
        { name: "has_video_story", label: "Has a video story", kind: "bool" },
        { name: "youtube_url", label: "YouTube URL", kind: "url", showIf: (v) => !!v.has_video_story },
        { name: "printful_store_url", label: "Print-on-demand store URL", kind: "url" },
      ]}
      schema={z.object({ name: required("Name is required"), youtube_url: optionalUrl, printful_store_url: optionalUrl })}
      emptyText="No characters found. Add your first character!"
      confirmText="Are you sure you want to delete this character?"
      texts={{
        created: "Character added",
        updated: "Character updated",
        saveFailed: ["Error", "Failed to save character. Please try again."],
        deleted: "Character deleted",
        deleteFailed: ["Error", "Failed to delete character"],
      }}
      renderList={(items, { edit, remove, deleting }) => (
        <div className={styles.cards}>
          {items.map((c) => (
            <article key={c.id} className={styles.card}>
              <Thumb owner={c} file={c.image} alt="" ratio={[1, 1]} sizes="200px" initial={c.name} />
              <div className={styles.cardBody}>
                <h3>{c.name}</h3>
                <div className={styles.badges}>
                  <Badge tone={c.character_type === "pebblewick" ? "sea" : "lavender"}>{c.character_type === "pebblewick" ? "Pebblewick" : "Cryptid"}</Badge>
                  <Badge tone={c.status === "current" ? "moss" : "lantern"}>{c.status === "current" ? "Current" : "Upcoming"}</Badge>
                </div>
                <EditDelete name={c.name} onEdit={() => edit(c)} onDelete={() => remove(c)} deleting={deleting === c.id} />
              </div>
            </article>
          ))}
        </div>
      )}
    />
  );
}
