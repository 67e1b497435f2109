// A request the studio has not answered in reminder_days (commission_settings, default 7) reminds
// the studio once. Answered means a studio message in the thread (a quote's card included) or a
// change of status (decision 025); lib/commissions/commission-intake.js starts the clock.

const SETTINGS_ID = "commissionsetup";
const DAY_MS = 86400000;

function reminderDays(app) {
  try {
    const n = app.findRecordById("commission_settings", SETTINGS_ID).getInt("reminder_days");
    return n > 0 ? n : 7;
  } catch (_) {
    return 7;
  }
}

function stamp(ms) {
  return new Date(ms).toISOString().replace("T", " ");
}

/** Marks a commission answered, once: its first studio message or status change. */
function markAnswered(app, commissionId) {
  const c = app.findRecordById("commissions", commissionId);
  if (c.getString("answered_at")) return;
  c.set("answered_at", stamp(Date.now()));
  app.save(c);
}

/** Reminds the studio of every request waiting past the days, each once; returns how many. */
function remindWaiting(app) {
  const days = reminderDays(app);
  const now = Date.now();
  const due = app.findRecordsByFilter("commissions", "answered_at = '' && reminded_at = '' && waiting_since != '' && waiting_since <= {:cutoff}", "waiting_since", 200, 0, {
    cutoff: stamp(now - days * DAY_MS),
  });
  let sent = 0;
  for (const found of due) {
    app.runInTransaction((tx) => {
      const c = tx.findRecordById("commissions", found.id);
      // Answered or reminded since the list was read: nothing to say.
      if (c.getString("answered_at") || c.getString("reminded_at")) return;
      c.set("reminded_at", stamp(now));
      tx.save(c);
      const waited = Math.floor((now - new Date(c.getString("waiting_since").replace(" ", "T")).getTime()) / DAY_MS);
      require(`${__hooks}/lib/commissions/commission-mail.js`).waitingForStudio(tx, c, waited);
      sent++;
    });
  }
  return sent;
}

module.exports = { reminderDays, markAnswered, remindWaiting };
