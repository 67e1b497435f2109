// The commission request form's checks (CommissionPage), in their own module so zod loads after
// the page is up. Built at the first submit, not when the module loads: on a slow phone building
// zod's schemas is most of the module's cost, and it is loaded right after a cold visit's takeover.
import { z } from "zod";
import { COMMISSION_TYPES } from "./types";

const TYPES = COMMISSION_TYPES.map((t) => t.value) as [string, ...string[]];

function build() {
  return z.object({
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
}

let built: ReturnType<typeof build> | undefined;

/** The form's schema, built once when first asked for. */
export const commissionSchema = () => (built ??= build());
