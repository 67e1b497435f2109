import { memo, Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { AppStatus } from "../ui/pwa";
import { Toaster } from "../ui/Toaster";
import { CartDrawer } from "../features/cart";
import { useAuth } from "../features/account";
import { Navbar } from "./Navbar";
import { Footer } from "./Footer";
import { PageLoading } from "./PageLoading";

/** The public frame: navigation, the page, the footer, and the app-wide cart, toast and status. */
export function Layout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useAuth((s) => s.user);
  const launched = useRef(false);
  // The installed app opens straight into the dashboard for a signed-in admin (the studio's tablet).
  useEffect(() => {
    if (launched.current || !user) return;
    launched.current = true;
    const installed = globalThis.matchMedia?.("(display-mode: standalone)").matches;
    if (installed && user.is_admin && pathname === "/") navigate("/admin", { replace: true });
  }, [user, pathname, navigate]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Frame />;
}

// The frame takes nothing from the location: each part follows its own state (the page through
// <Outlet>, the navigation through its links), so a new query string (another gallery page)
// redraws only what reads it.
const Frame = memo(function Frame() {
  return (
    <>
      <a className="visually-hidden" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CartDrawer />
      <Toaster />
      <AppStatus />
    </>
  );
});
