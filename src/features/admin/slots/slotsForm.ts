// The slots panel's values, flat for the one form pattern, and their checks: the server checks
// the same again (pb_hooks/lib/commissions/commission-slot-settings.js) and its words reach the same fields.
import { z } from "zod";
import { COMMISSION_TYPES } from "../../commissions/types";

export type State = "open" | "waitlist" | "closed";

export interface Plan {
  state: State;
  slots: number;
  opens_at: string;
  closes_at: string;
}

export interface StudioSlots {
  settings: {
    fill_rule: "accepted" | "quoted" | "deposit";
    invite_hold_hours: number;
    queue_public: boolean;
    overall: Plan;
    types: (Plan & { type: string; label: string })[];
  };
  board: { states: { type: string; text: string; state: State }[] };
  waitlist: { id: string; type: string; contact_name: string; contact_email: string; waitlist: string; waitlisted_at: string; invited_at: string; status: string }[];
}

export const PLANS = [{ key: "overall", label: "All commissions" }, ...COMMISSION_TYPES.map((t) => ({ key: t.value as string, label: t.label as string }))];

/** A stored time ("2026-12-01 09:00:00.000Z") as the value of a datetime-local field, in local time. */
export function toLocalInput(stored: string): string {
  if (!stored) return "";
  const t = new Date(stored.replace(" ", "T"));
  if (Number.isNaN(t.getTime())) return "";
  return new Date(t.getTime() - t.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
}

export function fromLocalInput(value: string): string {
  if (!value) return "";
  const t = new Date(value);
  return Number.isNaN(t.getTime()) ? "" : t.toISOString();
}

export function valuesOf(s: StudioSlots["settings"]): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = { fill_rule: s.fill_rule, invite_hold_hours: String(s.invite_hold_hours), queue_public: s.queue_public };
  const plans: [string, Plan][] = [["overall", s.overall], ...s.types.map((t) => [t.type, t] as [string, Plan])];
  for (const [key, p] of plans) {
    values[`${key}.state`] = p.state || "open";
    values[`${key}.slots`] = String(p.slots ?? 0);
    values[`${key}.opens_at`] = toLocalInput(p.opens_at);
    values[`${key}.closes_at`] = toLocalInput(p.closes_at);
  }
  return values;
}

const whole = (what: string) => z.string().trim().regex(/^\d+$/, `${what} must be a whole number, 0 or more.`);

export function slotsSchema() {
  const shape: Record<string, z.ZodType> = {
    fill_rule: z.enum(["accepted", "quoted", "deposit"], { message: "Choose what fills a slot." }),
    invite_hold_hours: z.string().trim().regex(/^\d+$/, "The hold must be a whole number of hours.").refine((v) => Number(v) >= 1 && Number(v) <= 720, "The hold must be from 1 to 720 hours."),
    queue_public: z.boolean(),
  };
  for (const p of PLANS) {
    shape[`${p.key}.state`] = z.enum(["open", "waitlist", "closed"], { message: "Choose open, waitlist or closed." });
    shape[`${p.key}.slots`] = whole("Slots").refine((v) => Number(v) <= 1000, "At most 1000 slots.");
    shape[`${p.key}.opens_at`] = z.string();
    shape[`${p.key}.closes_at`] = z.string();
  }
  return z.object(shape).superRefine((v, ctx) => {
    const values = v as Record<string, string>;
    for (const p of PLANS) {
      const opens = values[`${p.key}.opens_at`] ? new Date(values[`${p.key}.opens_at`]).getTime() : 0;
      const closes = values[`${p.key}.closes_at`] ? new Date(values[`${p.key}.closes_at`]).getTime() : 0;
      if (opens && opens <= Date.now()) ctx.addIssue({ code: "custom", path: [`${p.key}.opens_at`], message: "This time has already passed: choose a time ahead, or clear it." });
      if (closes && closes <= Date.now()) ctx.addIssue({ code: "custom", path: [`${p.key}.closes_at`], message: "This time has already passed: choose a time ahead, or clear it." });
      if (opens && closes && closes <= opens) ctx.addIssue({ code: "custom", path: [`${p.key}.closes_at`], message: "The closing time must come after the opening time." });
    }
  });
}

export function bodyOf(values: Record<string, unknown>) {
  const plan = (key: string) => ({
    state: values[`${key}.state`],
    slots: Number(values[`${key}.slots`]),
    opens_at: fromLocalInput(String(values[`${key}.opens_at`] ?? "")),
    closes_at: fromLocalInput(String(values[`${key}.closes_at`] ?? "")),
  });
  return {
    fill_rule: values.fill_rule,
    invite_hold_hours: Number(values.invite_hold_hours),
    queue_public: values.queue_public,
    overall: plan("overall"),
    types: COMMISSION_TYPES.map((t) => ({ type: t.value, ...plan(t.value) })),
  };
}

/** The server's field names ("types.indoor-mural.slots") as the form's ("indoor-mural.slots"). */
export function fieldOf(serverKey: string): string {
  return serverKey.replace(/^types\./, "");
}
