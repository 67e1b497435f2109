// Newsletter signup: the navbar button and dialog (signups made offline wait in the outbox), and
// the lists a visitor can choose, which the studio's Letters area sends to.
import "./signup";

export { NewsletterButton } from "./NewsletterButton";
export { LISTS, type LetterList } from "./lists";
