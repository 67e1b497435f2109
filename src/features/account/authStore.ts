// The session (SPEC §4): user, loading and error over PocketBase's persisted auth store. The user
// record is reloaded on sign-in and on token refresh and cleared on sign-out; a reload asked for
// while one runs is ignored. The token is refreshed before it runs out.
import { create } from "zustand";
import { ClientResponseError, type RecordModel } from "pocketbase";
import { pb } from "../../lib/pocketbase";

export interface StudioUser extends RecordModel {
  email: string;
  first_name: string;
  last_name: string;
  is_admin: boolean;
  verified: boolean;
}

interface AuthState {
  user: StudioUser | null;
  loading: boolean;
  error: string | null;
}

export const useAuth = create<AuthState>(() => ({ user: null, loading: true, error: null }));

const REFRESH_TICK_MS = 30_000;
let reloading: Promise<void> | null = null;

function currentUser(): StudioUser | null {
  const r = pb.authStore.record;
  return pb.authStore.isValid && r?.collectionName === "users" ? (r as StudioUser) : null;
}

/** Re-reads the signed-in user from the server (the admin flag may have changed). */
export function reloadUser(): Promise<void> {
  if (reloading) return reloading;
  reloading = (async () => {
    useAuth.setState({ loading: true });
    try {
      if (currentUser()) await pb.collection("users").authRefresh();
      useAuth.setState({ user: currentUser(), loading: false, error: null });
    } catch (err) {
      // A dead session (401/403/404) signs out; a network error keeps the stored user for offline use.
      if (err instanceof ClientResponseError && err.status >= 400 && err.status < 500) pb.authStore.clear();
      useAuth.setState({ user: currentUser(), loading: false, error: err instanceof ClientResponseError && err.status === 0 ? null : messageOf(err) });
    } finally {
      reloading = null;
    }
  })();
  return reloading;
}

/** Turns a server answer into words a person understands. */
export function messageOf(err: unknown): string {
  if (err instanceof ClientResponseError) {
    if (err.status === 0) return "You appear to be offline. Please try again when you're connected.";
    // Worded once for every request in src/lib/pocketbase.ts.
    if (err.status === 429) return err.message;
    const data = (err.response?.data ?? {}) as Record<string, { code?: string; message?: string }>;
    if (data.password?.code === "validation_length_out_of_range" || data.password?.code === "validation_min_text_constraint")
      return "Please choose a password of at least 8 characters.";
    if (data.passwordConfirm) return "The two passwords do not match.";
    if (data.email) return "Please provide a valid email address.";
    if (err.url.includes("auth-with-password")) return "Invalid email or password. Please try again.";
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export async function signIn(email: string, password: string): Promise<StudioUser> {
  await pb.collection("users").authWithPassword(email.trim(), password);
  const user = currentUser();
  if (!user) throw new Error("Login failed");
  useAuth.setState({ user, error: null, loading: false });
  return user;
}

export async function signUp(fields: { email: string; password: string; first_name: string; last_name: string }): Promise<StudioUser> {
  const created = await pb.collection("users").create({ ...fields, email: fields.email.trim(), passwordConfirm: fields.password });
  if (!created?.id) throw new Error("User creation failed");
  // The letter confirming the address; a failure here must not undo the account just made.
  pb.collection("users").requestVerification(fields.email.trim()).catch(() => undefined);
  try {
    return await signIn(fields.email, fields.password);
  } catch (err) {
    // The server answers a sign-up for an address that has an account like any other, and writes to
    // that address instead: the new password then does not sign in.
    if (err instanceof ClientResponseError && err.status === 400) throw new Error(ALREADY_AN_ACCOUNT, { cause: err });
    throw err;
  }
}

const ALREADY_AN_ACCOUNT = "We have sent a letter to this address. If it already has an account, the letter says how to sign in.";

export function signOut() {
  pb.authStore.clear();
  useAuth.setState({ user: null, error: null, loading: false });
}

export async function requestPasswordReset(email: string) {
  await pb.collection("users").requestPasswordReset(email.trim());
}

if (typeof window !== "undefined") {
  useAuth.setState({ user: currentUser() });
  void reloadUser();
  pb.authStore.onChange(() => useAuth.setState({ user: currentUser() }));
  // Refresh when three ticks or fewer remain on the token (SPEC §9).
  setInterval(() => {
    const token = pb.authStore.token;
    if (!token || !currentUser()) return;
    try {
      const exp = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).exp * 1000;
      if (exp - Date.now() <= 3 * REFRESH_TICK_MS) void reloadUser();
    } catch {
      // an unreadable token is left for the server to reject
    }
  }, REFRESH_TICK_MS);
}
