import { startTransition, useCallback, useEffect, useRef, useState } from "react";

/**
 * Selection for a details dialog: the dialog closes first and the item is cleared 300 ms later
 * (SPEC §4), so the content does not vanish while the dialog animates out. Kept apart from
 * Dialog so a page can hold a selection while the dialog itself loads on demand.
 */
export function useDialogSelection<T>() {
  const [selected, setSelected] = useState<T | null>(null);
  const [isOpen, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Stable, so lists of memoized cards do not re-render when a dialog opens or closes. Opening is
  // a transition: the pressed button paints at once, and the dialog (a modal that restyles the
  // page it covers) is drawn right after, without holding that first frame.
  const open = useCallback((item: T) => {
    clearTimeout(timer.current);
    startTransition(() => {
      setSelected(item);
      setOpen(true);
    });
  }, []);
  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next);
    if (!next) timer.current = setTimeout(() => setSelected(null), 300);
  }, []);
  return { selected, isOpen, open, onOpenChange };
}
