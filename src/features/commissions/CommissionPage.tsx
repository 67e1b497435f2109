import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { CheckboxField, SelectField, SubmitButton, TextField, useForm } from "../../ui/form";
import { cancelAction, submitAction, useOutbox } from "../../lib/outbox";
import { inTurn } from "../../lib/idle";
import { AuthDialog, useAuth } from "../account";
import { COMMISSION_TYPES, type CommissionRequest } from "./types";
import { useCurrentTerms } from "./terms";
import { useCommissionBoard } from "./board";
import { BoardStates } from "./BoardStates";
import styles from "./commissions.module.css";
import boardStyles from "./board.module.css";

const HELD_KEY = "held_commission";
// zod loads once the page is up (below), and the form's schema is built when first sent.
const loadSchemaModule = () => import("./commissionSchema");
const loadSchema = () => loadSchemaModule().then((m) => m.commissionSchema());
// The confirmation is not part of the page's first paint: it loads with the schema, once the page is up.
const loadThanks = () => import("./Thanks");
const Thanks = lazy(loadThanks);


const EMPTY = { type: "", description: "", size: "", budget: "", deadline: "", contact_email: "", contact_name: "", contact_phone: "", terms_version: 0, terms_digest: "" };
const TERMS_NEEDED = "Please read the studio's terms and accept them to send your request.";

// The browser's own date field: the phone's calendar, a value already in the yyyy-MM-dd the server
// keeps, and no date library on the page (react-aria's picker was 42 KB and a long first render).
function today() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
}

function readHeld(): typeof EMPTY | null {
  try {
    const held = JSON.parse(localStorage.getItem(HELD_KEY) ?? "null");
    return held && typeof held === "object" ? { ...EMPTY, ...held } : null;
  } catch {
    return null;
  }
}

export function CommissionPage() {
  const { user, loading } = useAuth();
  const held = readHeld();
  const form = useForm(loadSchema, held ?? EMPTY);
  const { values, errors, set, saving } = form;
  const [done, setDone] = useState<"sent" | "queued" | null>(null);
  const [signUpOpen, setSignUpOpen] = useState(false);
  const [isHeld, setIsHeld] = useState(!!held);
  const [params, setParams] = useSearchParams();
  const editId = params.get("edit");
  // A request the server refused after it waited offline, opened from the status line to be fixed.
  const refused = useOutbox<CommissionRequest>("commission-request").items.find((a) => a.id === editId && a.status === "refused");
  const [editing, setEditing] = useState<{ id: string; reason: string } | null>(null);
  const { terms, failed: termsFailed, reload: reloadTerms } = useCurrentTerms();
  const { setValues } = form;
  // Accepting is for one version: terms that change while the form is open ask again.
  const needsTerms = !!terms && terms.version > 0;
  const accepted = needsTerms && values.terms_version === terms.version && values.terms_digest === terms.digest;
  const board = useCommissionBoard();
  const chosen = board.states.find((s) => s.type === values.type);
  const closedMessage = chosen ? `${chosen.label} commissions are ${chosen.text.toLowerCase()}. Please choose another kind, or come back then.` : "";
  // A "closed" message goes once the type opens while the form is on screen.
  const { setErrors } = form;
  const staleClosed = !!errors.type && errors.type.includes(" commissions are closed") && chosen?.state !== "closed";
  useEffect(() => {
    if (staleClosed) setErrors((e) => ({ ...e, type: undefined }));
  }, [staleClosed, setErrors]);

  useEffect(() => {
    if (!refused || editing?.id === refused.id) return;
    setEditing({ id: refused.id, reason: refused.error ?? "" });
    setValues({ ...EMPTY, ...refused.payload });
    setDone(null);
    // Refused while it waited: the terms may have changed since, so show the current ones.
    void reloadTerms();
  }, [refused, editing, setValues, reloadTerms]);

  // Fetched once the page is up, so the request can be checked and sent even if the signal drops;
  // each in a task of its own, not in the one that takes the page over: together, with the
  // preloads of what they import, they made a 28 ms task on a cold visit at 4x CPU.
  useEffect(() => inTurn([() => void loadSchemaModule(), () => void loadThanks()]), []);

  useEffect(() => {
    if (isHeld) localStorage.setItem(HELD_KEY, JSON.stringify(values));
  }, [isHeld, values]);

  async function send(request: CommissionRequest): Promise<boolean> {
    // The edited request replaces the refused one.
    if (editing) await cancelAction(editing.id);
    const result = await submitAction("commission-request", request, `Commission request: ${request.type}`);
    if (result.state === "refused") {
      if (editing) setEditing({ id: editing.id, reason: result.reason });
      // The terms may be why: show the current ones to accept, with everything typed kept.
      void reloadTerms();
      toast({ title: "Submission failed", description: result.reason || "Please try again later", tone: "error" });
      return false;
    }
    localStorage.removeItem(HELD_KEY);
    setIsHeld(false);
    if (editing) {
      setEditing(null);
      setParams({}, { replace: true });
    }
    setDone(result.state);
    toast({ title: "Commission request submitted", description: result.state === "queued" ? "You're offline: it will be sent as soon as you're back online." : "We'll contact you soon about your request" });
    return true;
  }

  async function submit() {
    if (chosen?.state === "closed") {
      // The server refuses it too; this only spares a round trip.
      form.fail({ type: closedMessage });
      toast({ title: "Closed for now", description: `${chosen.label}: ${chosen.text}`, tone: "error" });
      return;
    }
    if (!values.type || !values.description.trim()) {
      toast({ title: "Missing information", description: "Please fill in all required fields", tone: "error" });
    } else if (!user && !values.contact_email.includes("@")) {
      form.fail({ contact_email: "Please provide a valid email address" });
      toast({ title: "Invalid email", description: "Please provide a valid email address", tone: "error" });
      return;
    }
    await form.submit(async (parsed) => {
      if (needsTerms && !accepted) {
        form.fail({ terms_version: TERMS_NEEDED });
        toast({ title: "Terms not accepted", description: TERMS_NEEDED, tone: "error" });
        return;
      }
      const request = parsed as CommissionRequest;
      if (user) {
        await send({ ...request, contact_email: user.email, contact_name: [user.first_name, user.last_name].filter(Boolean).join(" ") });
        return;
      }
      // Not signed in: hold the request (it survives a reload) and ask for an account.
      setIsHeld(true);
      localStorage.setItem(HELD_KEY, JSON.stringify(values));
      setSignUpOpen(true);
    });
  }

  async function submitHeld() {
    const request = readHeld();
    if (!request) return;
    const ok = await send(request as CommissionRequest).catch(() => false);
    if (!ok) toast({ title: "Commission submission failed", description: "Your account was created but we couldn't submit your commission. Please try again.", tone: "error" });
  }

  if (done) {
    return (
      <Suspense fallback={null}>
        <Thanks
          queued={done === "queued"}
          onAnother={() => {
            form.reset();
            form.setValues(EMPTY);
            setDone(null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <div className={`container section ${styles.page}`}>
      <header>
        <p className="eyebrow">Made for you</p>
        <h1>Commission Your Artwork</h1>
        <p className="muted">Picture books, murals, portraits of the ones you love: tell the studio what you dream of and we'll reply within a few days.</p>
      </header>
      <h2 className="visually-hidden">What the studio takes in now</h2>
      <BoardStates states={board.states} loading={board.loading} failed={board.failed} />
      {board.queuePublic && (
        <p className={boardStyles.links}>
          <Link to="/commissions/queue">See the commission queue</Link>
        </p>
      )}
      {editing && (
        <div className={styles.held} role="alert">
          <span>
            <strong>This request was not sent.</strong> {editing.reason} Change what's needed below and send it again.
          </span>
        </div>
      )}
      {isHeld && !user && (
        <div className={styles.held} role="status">
          <span>Your request is saved here. Create a free account to send it and follow it with the artist.</span>
          <Button variant="secondary" onPress={() => setSignUpOpen(true)}>
            Create account and send
          </Button>
        </div>
      )}
      <form
        className={styles.formCard}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <SelectField
          label="Type of artwork"
          value={values.type}
          onChange={(v) => set("type", v)}
          options={COMMISSION_TYPES.map((t) => {
            // A closed kind is shown, with when it opens, but cannot be chosen.
            const state = board.states.find((s) => s.type === t.value);
            return state?.state === "closed" ? { ...t, label: `${t.label} (${state.text})`, disabled: true } : { ...t };
          })}
          placeholder="Choose one"
          error={errors.type}
          isRequired
        />
        {chosen && !errors.type && (
          <p className={`muted ${boardStyles.typeState}`} role="status">
            {chosen.state === "waitlist" ? `${chosen.text}: your request joins the waitlist, and the studio writes when a slot opens.` : chosen.state === "closed" ? `${chosen.label}: ${chosen.text}.` : `${chosen.label}: ${chosen.text}.`}
          </p>
        )}
        <TextField label="Description" multiline value={values.description} onChange={(v) => set("description", v)} error={errors.description} isRequired description="Who or what should be in it, where it will live, colors you love." />
        <div className={styles.two}>
          <TextField label="Size (optional)" value={values.size} onChange={(v) => set("size", v)} description="For example 11×14 in, or a 3×2 m wall." />
          <TextField label="Budget (optional)" value={values.budget} onChange={(v) => set("budget", v)} description="A range is fine." />
        </div>
        <TextField label="Deadline (optional)" type="date" min={today()} value={values.deadline} onChange={(v) => set("deadline", v)} error={errors.deadline} />
        {!loading && !user && (
          <div className={styles.two}>
            <TextField label="Email" type="email" autoComplete="email" value={values.contact_email} onChange={(v) => set("contact_email", v)} error={errors.contact_email} isRequired />
            <TextField label="Name" autoComplete="name" value={values.contact_name} onChange={(v) => set("contact_name", v)} />
            <TextField label="Phone (optional)" type="tel" autoComplete="tel" value={values.contact_phone} onChange={(v) => set("contact_phone", v)} />
          </div>
        )}
        {needsTerms && (
          <section className={styles.terms} aria-labelledby="commission-terms">
            <h2 id="commission-terms">The studio's terms</h2>
            <p className="muted">
              Version {terms.version}, {new Date(terms.created.replace(" ", "T")).toLocaleDateString("en-US", { dateStyle: "medium" })}: refunds, revisions and how the work may be used.
            </p>
            <div className={styles.termsText} tabIndex={0} role="region" aria-label={`The studio's terms, version ${terms.version}`}>
              {terms.text}
            </div>
            <CheckboxField
              label={`I have read and accept the studio's terms (version ${terms.version})`}
              checked={accepted}
              onChange={(on) => {
                set("terms_version", on ? terms.version : 0);
                set("terms_digest", on ? terms.digest : "");
              }}
              error={errors.terms_version}
              isRequired
            />
          </section>
        )}
        {!terms && termsFailed && <p className="muted">The studio's terms could not be loaded just now. Your request is checked against them when it is sent, and comes back here if they need accepting.</p>}
        {user && <p className="muted">We'll reply to {user.email}.</p>}
        <div>
          <SubmitButton saving={saving} savingText="Submitting...">
            Submit Request
          </SubmitButton>
        </div>
      </form>
      {signUpOpen && (
        <Suspense fallback={null}>
          <AuthDialog
            isOpen={signUpOpen}
            onOpenChange={setSignUpOpen}
            initialMode="sign-up"
            intro="Create a free account to send your request. You'll be able to follow it and talk with the artist."
            prefill={{ email: values.contact_email, first_name: values.contact_name.split(" ")[0] ?? "", last_name: values.contact_name.split(" ").slice(1).join(" ") }}
            onSignedIn={submitHeld}
          />
        </Suspense>
      )}
    </div>
  );
}
