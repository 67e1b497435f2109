import { LinkButton } from "../ui/Button";
import { NOT_FOUND_TITLE, usePageTitle } from "../lib/titles";
import styles from "./NotFoundPage.module.css";

export function NotFoundPage() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <div className={`container section ${styles.page}`}>
      <p className={styles.code}>404</p>
      <h1>Page not found</h1>
      <p className="muted">This path wandered off into the fog. The lighthouse will show you the way back.</p>
      <LinkButton href="/">Back to home</LinkButton>
    </div>
  );
}
