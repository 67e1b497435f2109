// How far each file of a message being sent has gone, by outbox action id, for the thread to draw.
import { useSyncExternalStore } from "react";

const progress = new Map<string, number[]>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function setSendProgress(actionId: string, perFile: number[] | null) {
  if (perFile) progress.set(actionId, perFile);
  else progress.delete(actionId);
  notify();
}

/**
 * Per-file percentages from the bytes of one multipart body sent so far: the parts go out in order,
 * the text fields first, so file i is done once everything before it and itself has left.
 */
export function perFilePercent(sizes: number[], loaded: number, total: number): number[] {
  const filesBytes = sizes.reduce((a, b) => a + b, 0);
  let offset = Math.max(0, total - filesBytes);
  return sizes.map((size) => {
    const done = size === 0 ? (loaded >= offset ? 1 : 0) : Math.min(1, Math.max(0, (loaded - offset) / size));
    offset += size;
    return Math.round(done * 100);
  });
}

export function useSendProgress(actionId: string): number[] | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => progress.get(actionId),
  );
}
