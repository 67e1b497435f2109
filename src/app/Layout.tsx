import { Suspense, useEffect } from "react";
import { Outlet, useHref, useLocation, useNavigate } from "react-router-dom";
import { RouterProvider } from "react-aria-components";
import { AppStatus } from "../lib/pwa";
import { Toaster } from "../ui/Toaster";
import { CartDrawer } from "../features/cart";
import { Navbar } from "./Navbar";
import { Footer } from "./Footer";
import { PageLoading } from "./PageLoading";

/** The public frame: navigation, the page, the footer, and the app-wide cart, toast and status. */
export function Layout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
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
    </RouterProvider>
  );
}
