/// <reference path="../pb_data/types.d.ts" />
// The cart's preview (POST /api/studio/cart/price) is counted like saving a cart. A rule matches
// its path exactly, so without its own it would fall under the catch-all "/api/".

const RULE = { label: "POST /api/studio/cart/price", maxRequests: 60, duration: 60, audience: "" };

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
