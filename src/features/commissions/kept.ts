// What a customer has seen of their commissions and their money, kept in this browser so it stays
// readable offline, for the account that saw it (a shared computer signed in as someone else shows
// nothing of it).
import { pb } from "../../lib/pocketbase";

const PREFIX = "studio:kept:";

export function keep(key: string, value: unknown) {
  if (value === null || value === undefined) return;
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ user: pb.authStore.record?.id ?? "", value }));
  } catch {
    // storage full or off: the live lists still show everything while online
  }
}

export function kept<T>(key: string): T | null {
  try {
    const found = JSON.parse(localStorage.getItem(PREFIX + key) ?? "null");
    return found && found.user === (pb.authStore.record?.id ?? "") ? (found.value as T) : null;
  } catch {
    return null;
  }
}
