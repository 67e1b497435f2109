// Customer accounts: the session store and the sign-in / sign-up / reset dialog (loaded on demand).
import { lazy } from "react";

export { useAuth, reloadUser, signIn, signOut, messageOf, type StudioUser } from "./authStore";
export { AccountButton } from "./AccountButton";
export type { AuthMode } from "./AuthDialog";
export const AuthDialog = lazy(() => import("./AuthDialog"));
export const AccountSettings = lazy(() => import("./AccountSettings"));
