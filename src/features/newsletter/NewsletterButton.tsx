import { lazy, Suspense, useState } from "react";
import { Button } from "../../ui/Button";

const NewsletterDialog = lazy(() => import("./NewsletterDialog"));

/**
 * `onOpen` lets the phone menu close as the dialog opens; the button then has no box, so focus
 * cannot return to it on close and goes to `returnFocus` (the menu's button) instead of the page.
 */
export function NewsletterButton({ onOpen, returnFocus }: { onOpen?: () => void; returnFocus?: () => HTMLElement | null }) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    if (next || !returnFocus) return;
    // After the dialog's own focus restore has run (it unmounts with the dialog).
    requestAnimationFrame(() => {
      if (document.activeElement === document.body || !document.activeElement) returnFocus()?.focus();
    });
  };
  return (
    <>
      <Button
        variant="accent"
        size="small"
        onPress={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        Newsletter Signup
      </Button>
      {open && (
        <Suspense fallback={null}>
          <NewsletterDialog isOpen={open} onOpenChange={change} />
        </Suspense>
      )}
    </>
  );
}
