/// <reference path="../pb_data/types.d.ts" />
// An order's page is read with its key (GET /api/studio/orders/{id}?key=…): counted like the
// success page's status check, per address by PocketBase and per network by the server.

const RULE = { label: "GET /api/studio/orders/", maxRequests: 60, duration: 60, audience: "" };

migrate(
  (app) => {
    const settings = app.settings();
    const rules = settings.rateLimits.rules.filter((r) => r.label !== RULE.label);
    rules.unshift(RULE);
    settings.rateLimits.rules = rules;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => r.label !== RULE.label);
    app.save(settings);
  },
);
