// The commission request form's checks (CommissionPage), in their own module so zod loads on submit.
import { z } from "zod";
import { COMMISSION_TYPES } from "./types";

const TYPES = COMMISSION_TYPES.map((t) => t.value) as [string, ...string[]];

export const commissionSchema = z.object({
  type: z.enum(TYPES, { message: "Please choose the kind of artwork." }),
  description: z.string().trim().min(1, "Please describe what you have in mind."),
  size: z.string().trim(),
  budget: z.string().trim(),
  deadline: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, "Please pick a date."),
  contact_email: z.string().trim(),
  contact_name: z.string().trim(),
  contact_phone: z.string().trim(),
  terms_version: z.number().int().min(0),
  terms_digest: z.string(),
});
