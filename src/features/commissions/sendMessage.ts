// Sends one queued message with its files, reporting each file's progress (loaded on demand by the outbox).
import type { SendContext } from "../../lib/outbox";
import { createWithProgress } from "../../lib/upload";
import { perFilePercent, setSendProgress } from "./sendProgress";
import type { MessageDraft } from "./types";

export async function sendMessage(draft: MessageDraft, { id }: SendContext) {
  const body = new FormData();
  body.set("id", id);
  body.set("commission", draft.commission);
  body.set("content", draft.content);
  for (const f of draft.files) body.append("attachments", f);
  const sizes = draft.files.map((f) => f.size);
  if (sizes.length) setSendProgress(id, sizes.map(() => 0));
  try {
    return await createWithProgress("commission_messages", body, (_percent, loaded, total) => {
      if (sizes.length) setSendProgress(id, perFilePercent(sizes, loaded, total));
    });
  } finally {
    setSendProgress(id, null);
  }
}
