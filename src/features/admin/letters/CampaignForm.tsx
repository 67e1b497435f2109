import { z } from "zod";
import { toast } from "../../../ui/toast";
import { CheckboxField, SubmitButton, TextField, useForm } from "../../../ui/form";
import { LISTS } from "../../newsletter";
import { PiecePicker } from "./PiecePicker";
import { refusal, saveDraft, type Campaign, type PieceRef } from "./letters";
import adminStyles from "../admin.module.css";
import styles from "./letters.module.css";

const LETTER_BYTES = 200 * 1024;

const schema = z.object({
  subject: z.string().trim().min(1, "Please write a subject.").max(200, "A subject can be at most 200 characters."),
  preview: z.string().trim().max(200, "The preview line can be at most 200 characters."),
  body: z.string().refine((v) => new TextEncoder().encode(v).length <= LETTER_BYTES, "This letter is over 200 KB: mail apps cut long letters short. Please shorten the text."),
  lists: z.array(z.string()).min(1, "Please choose at least one list to send to."),
  pieces: z.array(z.object({ kind: z.string(), id: z.string() })).max(12, "A letter can show at most 12 pieces."),
});

/** A letter written or changed as a draft: the server renders it, and says if it removed script or tags. */
export function CampaignForm({ campaign, onSaved }: { campaign: Campaign | null; onSaved: (c: Campaign) => void }) {
  const form = useForm(schema, {
    subject: campaign?.subject ?? "",
    preview: campaign?.preview ?? "",
    body: campaign?.body ?? "",
    lists: campaign?.lists ?? ["news"],
    pieces: (campaign?.pieces ?? []) as PieceRef[],
  });
  const v = form.values;
  const toggle = (id: string, on: boolean) => form.set("lists", on ? [...v.lists, id] : v.lists.filter((x) => x !== id));

  return (
    <form
      className={adminStyles.form}
      aria-label={campaign ? `Edit ${campaign.subject}` : "New letter"}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(async (p) => {
          try {
            const saved = await saveDraft(campaign?.id ?? null, { ...p, pieces: p.pieces as PieceRef[] });
            toast(
              saved.removed
                ? { title: "Draft saved, with script and tags removed", description: "Letters carry words, ## headings and [words](https://…) links only." }
                : { title: "Draft saved" },
            );
            onSaved(saved.campaign);
          } catch (err) {
            toast({ title: "The letter was not saved", description: refusal(err), tone: "error" });
          }
        });
      }}
    >
      <TextField label="Subject" value={v.subject} onChange={(x) => form.set("subject", x)} error={form.errors.subject} isRequired />
      <TextField label="Preview line" value={v.preview} onChange={(x) => form.set("preview", x)} error={form.errors.preview} description="What mail apps show after the subject." />
      <fieldset className={styles.section} aria-describedby={form.errors.lists ? "letter-lists-error" : undefined}>
        <legend>Send to</legend>
        <div className={styles.lists}>
          {LISTS.map((l) => (
            <CheckboxField key={l.id} label={l.name} checked={v.lists.includes(l.id)} onChange={(on) => toggle(l.id, on)} />
          ))}
        </div>
        {form.errors.lists && (
          <p id="letter-lists-error" className={adminStyles.error}>
            {form.errors.lists}
          </p>
        )}
      </fieldset>
      <div className={styles.textarea}>
        <TextField
          label="Text"
          multiline
          value={v.body}
          onChange={(x) => form.set("body", x)}
          error={form.errors.body}
          description="A blank line between paragraphs; ## at the start of a line for a heading; [words](https://…) for a link."
        />
      </div>
      <PiecePicker value={v.pieces as PieceRef[]} onChange={(x) => form.set("pieces", x)} />
      {form.errors.pieces && <p className={adminStyles.error}>{form.errors.pieces}</p>}
      <div className={adminStyles.formActions}>
        <SubmitButton saving={form.saving}>Save and preview</SubmitButton>
      </div>
    </form>
  );
}
