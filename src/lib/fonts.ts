// The studio's typefaces (src/ui/fonts.css) are not part of a first visit's first paint: on a slow
// line three font files would hold it back. Once the app runs and the browser is idle, they are
// fetched and kept (HTTP and service worker caches); the page switches to them at the next
// navigation, when a new page is drawn anyway, and later visits paint in them from the start
// (src/boot/before-paint.js reads the mark).
import { whenIdle } from "./idle";

const FACES = ['600 1em "Fraunces"', '400 1em "Nunito"', '600 1em "Nunito"', '700 1em "Nunito"'];
const KEPT = "kept";

interface Navigations {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

export function fetchStudioFonts(router: Navigations) {
  const root = document.documentElement;
  if (root.classList.contains("fonts") || !document.fonts) return;
  whenIdle(() => {
    Promise.all(FACES.map((face) => document.fonts.load(face)))
      .then((loaded) => {
        if (loaded.some((faces) => faces.length === 0)) return;
        try {
          localStorage.setItem("fonts", KEPT);
        } catch {
          // without storage the next visit paints in the fallbacks again
        }
        const here = router.state.location.pathname;
        const stop = router.subscribe((state) => {
          if (state.location.pathname === here) return;
          stop();
          root.classList.add("fonts");
        });
      })
      .catch(() => {
        // offline or blocked: the fallbacks stay, and the next visit tries again
      });
  });
}
