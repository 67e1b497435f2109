// Installable, offline app: service worker registration and update prompt, the connection line,
// storage persistence. The layout mounts <AppStatus /> once.
export { AppStatus } from "./AppStatus";
export { useOnline } from "./online";
export { requestPersistentStorage } from "./storage";
