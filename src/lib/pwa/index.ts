// Installable, offline app: being online, storage persistence and bounds, the images and the
// studio's code kept for offline use. What the visitor sees of it (the connection line, the update prompt) is in ui/pwa.
export { useOnline } from "./online";
export { requestPersistentStorage, keepStorageInBounds } from "./storage";
export { keepSeenImagesOnceControlled } from "./warm";
export { keepFilesOnceControlled } from "./keep";
