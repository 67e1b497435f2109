// Whether the page on screen is still the one the server sent, which the app takes over (hydrates)
// at its start (src/boot/app.tsx). A component's first render there must draw what that page holds,
// even one drawn after the rest (a route's Suspense boundary is taken over later); once the visitor
// moves inside the app, a page draws what the app knows.
let onServedPage = false;

/** The app is about to take over the page the server sent. */
export function beginTakeover() {
  onServedPage = true;
}

/** The visitor has moved on from the page the server sent. */
export function leaveServedPage() {
  onServedPage = false;
}

export const stillOnServedPage = () => onServedPage;
