// Whether the app is still taking over (hydrating) the page the server sent (src/boot/app.tsx). A
// component drawn in that takeover must draw what the page holds; any other draws what the app
// knows. The page's main part is taken over after the rest (the layout's Suspense boundary), so the
// takeover ends when that part has been (src/app/Layout.tsx).
let takingOver = false;

export function beginTakeover() {
  takingOver = true;
}

export function endTakeover() {
  takingOver = false;
}

export const isTakingOver = () => takingOver;
