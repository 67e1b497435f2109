// The links in the account letters carry a PocketBase token. Its payload (not its signature,
// which only the server checks) says whose it is and until when, so a page can greet the person
// and tell an expired link apart before anything is typed.
export interface LinkToken {
  token: string;
  email: string;
  newEmail: string;
  expired: boolean;
}

export function readLinkToken(search: string): LinkToken | null {
  const token = new URLSearchParams(search).get("token") ?? "";
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const payload = JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/")));
    return {
      token,
      email: typeof payload.email === "string" ? payload.email : "",
      newEmail: typeof payload.newEmail === "string" ? payload.newEmail : "",
      expired: typeof payload.exp === "number" && payload.exp * 1000 < Date.now(),
    };
  } catch {
    return null;
  }
}
