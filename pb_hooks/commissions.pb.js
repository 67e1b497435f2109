/// <reference path="../pb_data/types.d.ts" />
// Commissions and their threads. Whatever a client sends, the server decides the starting state,
// who owns a request, who sent a message, and what a file is (lib/commissions/commission-intake.js).

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/commissions/commission-intake.js`).prepareRequest(e);
  e.next();
}, "commissions");

// Checked only when an update sets it: a request kept from before this check still takes a status.
onRecordUpdateRequest((e) => {
  if ((e.requestInfo().body || {}).deadline !== undefined) require(`${__hooks}/lib/base/records.js`).checkCalendarDate(e.record, "deadline");
  e.next();
}, "commissions");

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/commissions/commission-intake.js`).prepareFile(e);
  e.next();
}, "commission_files");

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/commissions/commission-intake.js`).prepareMessage(e);
  e.next();
}, "commission_messages");

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/commissions/commission-intake.js`).checkReadMark(e);
  e.next();
}, "commission_messages");
