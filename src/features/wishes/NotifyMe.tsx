import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "../../ui/Button";
import { inNextTask } from "../../lib/idle";
import type { NotifyMeProps } from "./wish";
import styles from "./wishes.module.css";

// The form and its answer are not part of a page's first paint: they load once the button is on
// screen (in a task of their own, not the one that takes the page over), so a press opens them at
// once, offline too.
const loadForm = () => import("./NotifyMeForm");
const WishForm = lazy(() => loadForm().then((m) => ({ default: m.WishForm })));
const Done = lazy(() => loadForm().then((m) => ({ default: m.Done })));

/**
 * "Tell me when it's back" for an item that cannot be bought now: a button that opens an address
 * field (a signed-in customer's own, ready), then says what happens next. The answer is the same
 * for every address: the letter that follows, if any, is what differs.
 */
export function NotifyMe(props: NotifyMeProps) {
  const [stage, setStage] = useState<"closed" | "open" | { email: string; queued: boolean }>("closed");
  const label = props.label ?? "Tell me when it's back";
  useEffect(() => inNextTask(() => void loadForm()), []);
  const button = (
    <Button variant="secondary" size="small" className={styles.open} onPress={() => setStage("open")} aria-expanded={false}>
      {label}
    </Button>
  );
  if (stage === "closed") return button;
  return <Suspense fallback={button}>{stage === "open" ? <WishForm {...props} label={label} onDone={setStage} /> : <Done {...stage} what={props.what} />}</Suspense>;
}
