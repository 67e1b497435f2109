// The app's one outbox, on the shared Dexie database.
import { db } from "../db";
import { createOutbox } from "./outbox";

export const outboxTable = () => db.outbox;
export const outbox = createOutbox(outboxTable);
