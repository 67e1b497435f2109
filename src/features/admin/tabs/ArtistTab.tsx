import { z } from "zod";
import type { ArtistProfile } from "../../../lib/catalog";
import { EntityManager } from "../EntityManager";
import { required } from "./rules";
import styles from "../admin.module.css";
import { Button } from "../../../ui/Button";
import { Thumb } from "../../../ui/Thumb";

/** The artist profile: one row, edited in the same dialog form as the catalogue. */
export function ArtistTab() {
  return (
    <EntityManager<ArtistProfile>
      collection="artist_profile"
      noun="profile"
      addLabel="Create Profile"
      canAdd={(items) => items.length === 0}
      dialogTitle={() => "Artist profile"}
      fields={[
        { name: "name", label: "Name", kind: "text", required: true },
        { name: "bio", label: "Bio", kind: "textarea", help: "Line breaks are kept on the About page." },
        { name: "profile_image", label: "Portrait", kind: "image" },
      ]}
      schema={z.object({ name: required("Name is required") })}
      emptyText="No artist profile yet: the About page shows the built-in biography."
      confirmText="Are you sure you want to delete the artist profile?"
      texts={{
        created: "Artist profile created",
        updated: "Artist profile updated",
        saveFailed: ["Error", "Failed to update artist profile"],
        deleted: "Artist profile deleted",
        deleteFailed: ["Error", "Failed to update artist profile"],
      }}
      renderList={(items, { edit }) =>
        items.map((p) => (
          <article key={p.id} className={styles.profile}>
            <Thumb owner={p} file={p.profile_image} alt="" ratio={[4, 5]} sizes="200px" initial={p.name} />
            <div>
              <h3>{p.name}</h3>
              <p className={`${styles.prewrap} muted`}>{p.bio}</p>
              <Button onPress={() => edit(p)}>Edit Profile</Button>
            </div>
          </article>
        ))
      }
    />
  );
}
