// What a commission, its files and its messages are, whatever a client sends: the server decides
// the starting state, who owns a request, who sent a message, and what a file is. Each takes the
// request's event before its record is saved, and throws to refuse it.

// Requests one visitor's network, or one customer's account, may send in an hour: a family or an
// office asking for several pieces, not a script filling the studio's inbox and the public queue.
const REQUESTS_PER_HOUR = 20;
const REQUESTS_WINDOW_MS = 3600 * 1000;
const WAITLIST_JOINS_PER_DAY = 5;
const WAITLIST_WINDOW_MS = 24 * 3600 * 1000;

/** A new request: its owner and contact from the account, its starting state from the server. */
function prepareRequest(e) {
  const { signedInCustomer, networkKey } = require(`${__hooks}/lib/base/callers.js`);
  const user = signedInCustomer(e);
  const isAdmin = e.hasSuperuserAuth() || (user && user.getBool("is_admin"));
  // Counted before anything else, a customer by account and a visitor by network (one IPv6 /64
  // holds any number of addresses).
  const counters = require(`${__hooks}/lib/base/counters.js`);
  const limited = !isAdmin && counters.volumeLimitsOn(e.app);
  const counted = user ? "commission-requests:" + user.id : "commission-requests:" + networkKey(e);
  if (limited && counters.count(e.app, counted, REQUESTS_WINDOW_MS) > REQUESTS_PER_HOUR) {
    throw new ApiError(429, "Too many requests were sent from here in the last hour. Please try again later, or write to the studio.", null);
  }
  // Only the studio may file a request on someone's behalf.
  if (!isAdmin) e.record.set("user", user ? user.id : "");
  if (user && !isAdmin) {
    e.record.set("contact_email", user.email());
    const name = [user.getString("first_name"), user.getString("last_name")].filter((s) => s.trim()).join(" ");
    if (name) e.record.set("contact_name", name);
  }
  const email = e.record.getString("contact_email");
  if (email.indexOf("@") < 1) throw new BadRequestError("Please provide a valid email address.");
  if (!e.record.getString("description").trim()) throw new BadRequestError("Please fill in all required fields");
  require(`${__hooks}/lib/base/records.js`).checkCalendarDate(e.record, "deadline");
  e.record.set("title", e.record.getString("type"));
  e.record.set("status", "Not Started");
  e.record.set("payment_status", "Unpaid");
  e.record.set("total_price", 0);
  e.record.set("amount_paid", 0);
  e.record.set("finals_released", false);
  // Whatever the form showed when it was filled in: a closed type is refused now, a full one waits.
  require(`${__hooks}/lib/commissions/commission-slots.js`).admitRequest(e.app, e.record, isAdmin);
  // Each place on the waitlist may hold a slot for two days when invited: accounts are free, so one
  // network joins it only a few times a day, whichever accounts it uses.
  if (limited && e.record.getString("waitlist") === "waiting" && counters.count(e.app, "waitlist-joins:" + networkKey(e), WAITLIST_WINDOW_MS) > WAITLIST_JOINS_PER_DAY) {
    throw new ApiError(429, "Requests from your network are already waiting for this studio's next slots. Please try again tomorrow, or write to the studio.", null);
  }
  require(`${__hooks}/lib/commissions/commission-terms.js`).checkAcceptance(e.app, e.record, isAdmin);
  // The studio's answer is awaited from now (lib/commissions/commission-reminders.js).
  e.record.set("waiting_since", new Date().toISOString().replace("T", " "));
  e.record.set("answered_at", "");
  e.record.set("reminded_at", "");
}

/** A new file of a commission: its name, type and size from the upload, its kind from who sent it. */
function prepareFile(e) {
  const { checkUploads, checkUploadAllowance } = require(`${__hooks}/lib/accounts/uploads.js`);
  const user = e.auth;
  if (!user) throw new UnauthorizedError("Authentication required");
  const meta = checkUploads(e, "file")[0];
  checkUploadAllowance(e, [meta]);
  if (!meta) throw new BadRequestError("No file provided");
  e.record.set("file_name", meta.name);
  e.record.set("file_type", meta.type);
  e.record.set("file_size", meta.size);
  e.record.set("uploaded_by", user.collection().name === "users" ? user.id : "");
  // Proofs and finals are the studio's to name: a customer's upload is always a plain file.
  const isAdmin = user.collection().name !== "users" || user.getBool("is_admin");
  if (!isAdmin || !e.record.getString("kind")) e.record.set("kind", "file");
}

/** A new message: its sender and role from the account, its attachments checked. */
function prepareMessage(e) {
  const { checkUploads, checkUploadAllowance } = require(`${__hooks}/lib/accounts/uploads.js`);
  const user = e.auth;
  if (!user) throw new UnauthorizedError("Authentication required");
  const attachments = checkUploads(e, "attachments");
  checkUploadAllowance(e, attachments);
  const content = e.record.getString("content").trim();
  if (!content && attachments.length === 0) throw new BadRequestError("Please write a message or attach at least one file.");
  const fromUser = user.collection().name === "users";
  const isAdmin = fromUser && user.getBool("is_admin");
  e.record.set("content", content);
  e.record.set("sender", fromUser ? user.id : "");
  e.record.set("sender_role", isAdmin || !fromUser ? "admin" : "customer");
  e.record.set("sender_name", isAdmin || !fromUser ? "Lanternwood Studio" : user.getString("first_name") || "Customer");
  e.record.set("is_read", false);
  e.record.set("attachment_meta", attachments);
  // Quote, receipt and refund cards are the server's own (lib/commissions/commission-ledger.js): none comes from a client.
  e.record.set("card", null);
}

/**
 * A message is what its sender wrote: after that, only its read mark changes, and only the other
 * side of the thread sets it (the reader, not the writer).
 */
function checkReadMark(e) {
  const body = e.requestInfo().body || {};
  const changed = Object.keys(body).filter((k) => k !== "is_read");
  let files = [];
  try {
    files = e.findUploadedFiles("attachments") || [];
  } catch (_) {
    // no multipart body
  }
  if (changed.length || files.length) throw new BadRequestError("Only the read mark of a message can change.");
  const user = require(`${__hooks}/lib/base/callers.js`).signedInCustomer(e);
  const readerRole = e.hasSuperuserAuth() || (user && user.getBool("is_admin")) ? "admin" : "customer";
  if (e.record.original().getString("sender_role") === readerRole) {
    throw new ForbiddenError("Only the other side of the conversation marks a message read.");
  }
}

module.exports = { prepareRequest, prepareFile, prepareMessage, checkReadMark };
