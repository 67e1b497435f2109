/// <reference path="../pb_data/types.d.ts" />
// Bounces and complaints reported by the mail provider (lib/letters/mail-reports.js): Postmark's
// webhook with basic auth, Amazon SES through an SNS topic at an address holding a secret.

routerAdd(
  "POST",
  "/api/letters/reports/postmark",
  (e) => {
    const answer = require(`${__hooks}/lib/letters/mail-reports.js`).receive(e, "postmark");
    return e.json(answer.status, answer.body);
  },
  $apis.bodyLimit(262144),
);

// SNS posts its JSON as text/plain: the body is read as it came.
routerAdd(
  "POST",
  "/api/letters/reports/ses/{secret}",
  (e) => {
    const answer = require(`${__hooks}/lib/letters/mail-reports.js`).receive(e, "ses");
    return e.json(answer.status, answer.body);
  },
  $apis.bodyLimit(262144),
);
