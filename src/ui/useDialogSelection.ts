import { useEffect, useRef, useState } from "react";

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
  return {
    selected,
    isOpen,
    open(item: T) {
      clearTimeout(timer.current);
      setSelected(item);
      setOpen(true);
    },
    onOpenChange(open: boolean) {
      setOpen(open);
      if (!open) timer.current = setTimeout(() => setSelected(null), 300);
    },
  };
}
