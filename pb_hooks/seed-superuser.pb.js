/// <reference path="../pb_data/types.d.ts" />
// The start script and the tests arrange data through the API as a superuser. Its password comes
// in the server's environment (never on a command line, where every local user could read it);
// `npm start` deletes this superuser again as soon as seeding is done.

onBootstrap((e) => {
  e.next();
  const password = $os.getenv("STUDIO_SEED_SUPERUSER_PASSWORD");
  if (password) {
    const email = "seed@studio.internal";
    let su;
    try {
      su = e.app.findAuthRecordByEmail("_superusers", email);
    } catch (_) {
      su = new Record(e.app.findCollectionByNameOrId("_superusers"));
      su.setEmail(email);
    }
    su.setPassword(password);
    e.app.save(su);
  }
});
