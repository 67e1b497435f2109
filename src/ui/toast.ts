// The one toast: at most one visible, gone after 3000 ms (SPEC §4). Callable from anywhere.
import { create } from "zustand";

export type ToastTone = "success" | "error" | "info";

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}

interface ToastState {
  current: ToastMessage | null;
  /** The open dialogs' toast slots, the topmost last: a toast shows there, in the dialog's flow. */
  slots: HTMLElement[];
  dismiss: () => void;
}

export const TOAST_MS = 3000;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export const useToastStore = create<ToastState>((set) => ({
  current: null,
  slots: [],
  dismiss: () => {
    clearTimeout(timer);
    set({ current: null });
  },
}));

export function toast({ title, description, tone = "success" }: { title: string; description?: string; tone?: ToastTone }) {
  clearTimeout(timer);
  const message = { id: nextId++, title, description, tone };
  useToastStore.setState({ current: message });
  timer = setTimeout(() => {
    if (useToastStore.getState().current?.id === message.id) useToastStore.setState({ current: null });
  }, TOAST_MS);
}

/**
 * A dialog's place for toasts (a ref callback): while a dialog is open a toast is laid out inside
 * it, above its content, instead of floating over it. A floating toast covered the cart's
 * Checkout bar at 390 px, and at 200 % text the whole cart until dismissed.
 */
export function toastSlot(el: HTMLElement | null) {
  if (!el) return;
  useToastStore.setState((s) => ({ slots: [...s.slots, el] }));
  return () => useToastStore.setState((s) => ({ slots: s.slots.filter((h) => h !== el) }));
}
