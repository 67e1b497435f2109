// Protected commission files are read with a short-lived file token; one is shared and renewed.
import { useEffect, useState } from "react";
import { pb } from "../../lib/pocketbase";

let cached: { token: string; at: number } | null = null;
const LIFETIME_MS = 90_000;

async function fileToken(): Promise<string> {
  if (cached && Date.now() - cached.at < LIFETIME_MS) return cached.token;
  cached = { token: await pb.files.getToken(), at: Date.now() };
  return cached.token;
}

export function useFileToken(): string {
  const [token, setToken] = useState(cached?.token ?? "");
  useEffect(() => {
    let alive = true;
    const renew = () => fileToken().then((t) => alive && setToken(t), () => undefined);
    renew();
    const timer = setInterval(renew, LIFETIME_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);
  return token;
}
