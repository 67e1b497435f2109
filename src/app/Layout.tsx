import { memo, Suspense, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { AppStatus } from "../ui/pwa";
import { Toaster } from "../ui/Toaster";
import { CartDrawer, restoreFromLink, takeCodeFromLink } from "../features/cart";
import { useAuth } from "../features/account";
import { Navbar } from "./Navbar";
import { Footer } from "./Footer";
import { PageLoading } from "./PageLoading";
import { PageOutlet } from "./PageOutlet";
import { isOverList } from "../lib/addresses";
import { ROUTE_TITLES } from "../lib/titles";
import { endTakeover } from "../lib/takeover";

/** The public frame: navigation, the page, the footer, and the app-wide cart, toast and status. */
export function Layout() {
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();
  const overList = isOverList(state);
  const wasOverList = useRef(overList);
  const user = useAuth((s) => s.user);
  const launched = useRef(false);
  // The installed app opens straight into the dashboard for a signed-in admin (the studio's tablet).
  useEffect(() => {
    if (launched.current || !user) return;
    launched.current = true;
    const installed = globalThis.matchMedia?.("(display-mode: standalone)").matches;
    if (installed && user.is_admin && pathname === "/") navigate("/admin", { replace: true });
  }, [user, pathname, navigate]);
  // A shared link with ?code=SPRING10 puts the code in the cart, a reminder's ?restore=<token> the
  // cart it reminded of; the address drops them, so a reload or a copied address does not again.
  useEffect(() => {
    const params = new URLSearchParams(search);
    const code = params.get("code");
    const restore = params.get("restore");
    if (code === null && restore === null) return;
    if (code !== null) takeCodeFromLink(code);
    if (restore !== null) void restoreFromLink(restore);
    params.delete("code");
    params.delete("restore");
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : "", hash }, { replace: true, state });
  }, [search, pathname, hash, state, navigate]);
  // The app places the scroll itself: the browser's own restoring on Back would put a list back at
  // the offset it had when a piece's dialog opened, though cards drawn since have moved it.
  useEffect(() => {
    history.scrollRestoration = "manual";
  }, []);
  // A new page starts at its top; a piece's dialog opening over a list, or closing, leaves the list where it was.
  useEffect(() => {
    if (!overList && !wasOverList.current) window.scrollTo(0, 0);
    wasOverList.current = overList;
    const title = ROUTE_TITLES[pathname.slice(1)];
    if (title) document.title = title;
  }, [pathname, overList]);
  return <Frame />;
}

// The frame takes nothing from the location: each part follows its own state (the page through
// <Outlet>, the navigation through its links), so a new query string (another gallery page)
// redraws only what reads it.
const Frame = memo(function Frame() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <PageOutlet />
          <TakeoverEnds />
        </Suspense>
      </main>
      <Footer />
      <CartDrawer />
      <Toaster />
      <AppStatus />
    </>
  );
});

/** Drawn with the page's main part, so its effect runs once that part has been taken over. */
function TakeoverEnds() {
  useEffect(endTakeover, []);
  return null;
}
