// The tracking number, its carrier and, for a carrier not listed, its page: checked in the form
// as the server checks them (pb_hooks/lib/orders/carriers.js), so a refusal is seen before saving.
import { z } from "zod";
import { CARRIERS, trackingProblem, type Carrier } from "./carriers";

export const CARRIER_OPTIONS = (Object.keys(CARRIERS) as Carrier[]).map((value) => ({ value, label: CARRIERS[value].name }));

export const trackingFields = {
  tracking_number: z.string().superRefine((v, ctx) => {
    const problem = trackingProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  carrier: z.string(),
  tracking_url: z.string().trim(),
};

export function checkTrackingUrl(v: { carrier: string; tracking_url: string }, ctx: z.RefinementCtx) {
  if (v.carrier !== "other") return;
  if (!v.tracking_url) ctx.addIssue({ code: "custom", path: ["tracking_url"], message: "Please enter the tracking page's address for a carrier that is not listed." });
  else if (!/^https?:\/\/[^\s/$.?#][^\s<>"]*$/i.test(v.tracking_url) || v.tracking_url.length > 500)
    ctx.addIssue({ code: "custom", path: ["tracking_url"], message: "The tracking page must be a web address starting with https://." });
}
