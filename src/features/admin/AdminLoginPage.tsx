import { useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/form";
import { toast } from "../../ui/toast";
import { messageOf, signIn, signOut, useAuth } from "../account";
import styles from "./admin.module.css";

export function AdminLoginPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  if (user?.is_admin) return <Navigate to="/admin" replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      toast({ title: "Missing fields", description: "Please enter both email and password.", tone: "error" });
      return;
    }
    setBusy(true);
    try {
      const signedIn = await signIn(email, password);
      if (!signedIn.is_admin) {
        signOut();
        toast({ title: "Access denied", description: "You do not have admin privileges.", tone: "error" });
        return;
      }
      toast({ title: "Login successful", description: "Welcome to the admin dashboard" });
      navigate("/admin", { replace: true });
    } catch (err) {
      toast({ title: "Login failed", description: messageOf(err) || "Invalid email or password. Please try again.", tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.loginPage}>
      <form className={styles.loginCard} onSubmit={submit} noValidate>
        <img src="/favicon.svg" alt="" width={48} height={48} />
        <h1>Admin Login</h1>
        <TextField label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} isDisabled={busy} />
        <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} isDisabled={busy} />
        <Button type="submit" isDisabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </Button>
      </form>
    </div>
  );
}
