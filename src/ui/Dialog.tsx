import type { CSSProperties, ReactNode } from "react";
import { Button as AriaButton, Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { HeadingLevel } from "./headingLevel";
import { toastSlot } from "./toast";
import styles from "./Dialog.module.css";

interface DialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Max width in px (SPEC gives 700 for the commission dialog). */
  width?: number;
  /** "sheet" slides in from the side (the cart); "modal" is centred. */
  kind?: "modal" | "sheet";
  isDismissable?: boolean;
}

/** The studio's one dialog: focus trapped, Escape and the × close it, the title labels it. */
export function Dialog({ isOpen, onOpenChange, title, children, footer, width, kind = "modal", isDismissable = true }: DialogProps) {
  const style = width ? ({ "--dialog-width": `${width}px` } as CSSProperties) : undefined;
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className={[styles.overlay, kind === "sheet" && styles.sheetOverlay].filter(Boolean).join(" ")}
    >
      <Modal className={[styles.modal, kind === "sheet" && styles.sheet].filter(Boolean).join(" ")} style={style}>
        <AriaDialog className={styles.dialog}>
          <div className={styles.header}>
            <Heading slot="title">{title}</Heading>
            <AriaButton className={styles.close} aria-label="Close" onPress={() => onOpenChange(false)}>
              ×
            </AriaButton>
          </div>
          <div ref={toastSlot} className={styles.toastSlot} role="status" aria-live="polite" />
          <div className={styles.body}>
            <HeadingLevel.Provider value={3}>{children}</HeadingLevel.Provider>
          </div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export { useDialogSelection } from "./useDialogSelection";
