/// <reference path="../pb_data/types.d.ts" />
// Holds on open checkouts (expires_at) and PocketBase's rate limiter, with limits a person never
// meets and a script meets at once. Limits count per client IP and rule; superusers are exempt.

const RULES = [
  // Sign-in (password, OTP, OAuth2) and the mails a form can make the shop send.
  { label: "*:auth", maxRequests: 20, duration: 60 },
  { label: "*:requestPasswordReset", maxRequests: 5, duration: 60 },
  { label: "*:confirmPasswordReset", maxRequests: 10, duration: 60 },
  { label: "*:requestVerification", maxRequests: 5, duration: 60 },
  { label: "*:requestEmailChange", maxRequests: 5, duration: 60 },
  { label: "*:requestOTP", maxRequests: 5, duration: 60 },
  // Public creates: sign-up, commission requests, messages and files.
  { label: "users:create", maxRequests: 10, duration: 60 },
  { label: "commissions:create", maxRequests: 10, duration: 60 },
  { label: "commission_messages:create", maxRequests: 30, duration: 60 },
  { label: "commission_files:create", maxRequests: 20, duration: 60 },
  { label: "*:create", maxRequests: 60, duration: 60 },
  // The studio's routes. Prefix rules (ending in "/") must come before the catch-all "/api/".
  { label: "POST /api/studio/checkout", maxRequests: 30, duration: 60 },
  { label: "POST /api/studio/checkout/", maxRequests: 20, duration: 60 },
  { label: "GET /api/studio/checkout/", maxRequests: 60, duration: 60 },
  { label: "POST /api/studio/cart", maxRequests: 60, duration: 60 },
  { label: "POST /api/studio/newsletter", maxRequests: 5, duration: 60 },
  { label: "POST /api/studio/stripe/webhook", maxRequests: 600, duration: 60 },
  { label: "/api/batch", maxRequests: 3, duration: 1 },
  { label: "/api/", maxRequests: 300, duration: 10 },
];

migrate(
  (app) => {
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    sessions.fields.add(new DateField({ name: "expires_at" }));
    sessions.addIndex("idx_checkout_sessions_holds", false, "status, expires_at", "");
    app.save(sessions);

    const settings = app.settings();
    settings.rateLimits.enabled = true;
    settings.rateLimits.rules = RULES.map((r) => Object.assign({ audience: "" }, r));
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.enabled = false;
    app.save(settings);
    const sessions = app.findCollectionByNameOrId("checkout_sessions");
    sessions.removeIndex("idx_checkout_sessions_holds");
    sessions.fields.removeByName("expires_at");
    app.save(sessions);
  },
);
