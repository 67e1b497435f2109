// Server configuration from the environment, with the documented local defaults.
module.exports = {
  adminDomain: () => ($os.getenv("STUDIO_ADMIN_DOMAIN") || "lanternwood.example").toLowerCase(),
  siteUrl: () => ($os.getenv("STUDIO_SITE_URL") || "http://127.0.0.1:8090").replace(/\/+$/, ""),
  stripeSecretKey: () => $os.getenv("STRIPE_SECRET_KEY") || "",
  stripeWebhookSecret: () => $os.getenv("STRIPE_WEBHOOK_SECRET") || "",
  // "stripe" with a secret key; the built-in demo provider only when asked for by name; else none.
  paymentProvider: () =>
    $os.getenv("STRIPE_SECRET_KEY") ? "stripe" : ($os.getenv("STUDIO_PAYMENTS") || "").toLowerCase() === "demo" ? "demo" : "",
  stripeApiBase: () => ($os.getenv("STRIPE_API_BASE") || "https://api.stripe.com").replace(/\/+$/, ""),
};
