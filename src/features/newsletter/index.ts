// Newsletter signup: the navbar button and dialog; signups made offline wait in the outbox.
import "./signup";

export { NewsletterButton } from "./NewsletterButton";
