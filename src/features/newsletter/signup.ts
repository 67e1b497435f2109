// What a newsletter signup sends, and how: a signup made offline waits in the outbox, so the sender
// is registered when the app starts (through index.ts), not when the dialog first opens.
import { registerSender } from "../../lib/outbox";
import { pb } from "../../lib/pocketbase";

export interface NewsletterSignup {
  email: string;
  first_name: string;
  last_name: string;
  /** Ids of the lists chosen (./lists.ts). */
  lists: string[];
  /** The version of the words the form showed, kept in the consent log. */
  wording_version: number;
}

registerSender<NewsletterSignup>("newsletter-signup", (payload) => pb.send("/api/studio/newsletter", { method: "POST", body: payload }));
