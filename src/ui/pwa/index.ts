// The installable app's visible edge: the connection line, the update prompt, and <AppStatus />,
// which the layouts mount once to start the outbox, look after storage and register the service
// worker. What it works with (being online, storage, the images kept) lives in lib/pwa.
export { AppStatus } from "./AppStatus";
