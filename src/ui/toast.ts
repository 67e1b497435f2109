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
  dismiss: () => void;
}

export const TOAST_MS = 3000;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export const useToastStore = create<ToastState>((set) => ({
  current: null,
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
