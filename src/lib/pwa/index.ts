// Installable, offline app: being online, storage persistence and bounds, the images kept for
// offline use. What the visitor sees of it (the connection line, the update prompt) is in ui/pwa.
export { useOnline } from "./online";
export { requestPersistentStorage, keepStorageInBounds } from "./storage";
export { keepSeenImagesOnceControlled } from "./warm";
