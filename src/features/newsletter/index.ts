// Newsletter signup: the navbar button and dialog; signups made offline wait in the outbox.
import { registerSender } from "../../lib/outbox";
import { pb } from "../../lib/pocketbase";

export interface NewsletterSignup {
  email: string;
  first_name: string;
  last_name: string;
}

registerSender<NewsletterSignup>("newsletter-signup", (payload) => pb.send("/api/studio/newsletter", { method: "POST", body: payload }));

export { NewsletterButton } from "./NewsletterButton";
