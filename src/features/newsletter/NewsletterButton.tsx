import { lazy, Suspense, useState } from "react";
import { Button } from "../../ui/Button";

const NewsletterDialog = lazy(() => import("./NewsletterDialog"));

export function NewsletterButton({ onOpen }: { onOpen?: () => void }) {
  const [open, setOpen] = useState(false);
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
          <NewsletterDialog isOpen={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
