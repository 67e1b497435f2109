import type { RouteObject } from "react-router-dom";
import { Layout } from "./Layout";
import { NotFoundPage } from "./NotFoundPage";
import { RouteError } from "./RouteError";
import { HomePage } from "../features/catalog";
import { PIECE_LISTS } from "../lib/addresses";

const piecePage = async () => ({ Component: (await import("../features/pieces/PiecePage")).PiecePage });

// Home is in the entry bundle (it is the usual first paint); every other page is its own chunk.
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "gallery", lazy: async () => ({ Component: (await import("../features/catalog/GalleryPage")).GalleryPage }) },
      { path: "book/:id", lazy: async () => ({ Component: (await import("../features/catalog/BookPage")).BookPage }) },
      // A piece's own address (src/lib/addresses.ts): a dialog over its list, or a page when loaded.
      ...PIECE_LISTS.map((list) => ({ path: `${list}/:slug`, lazy: piecePage })),
      { path: "downloads/:slug", lazy: async () => ({ Component: (await import("../features/downloads/DownloadPage")).DownloadPage }) },
      { path: "about", lazy: async () => ({ Component: (await import("../features/artist/AboutPage")).AboutPage }) },
      { path: "pebblewick", lazy: async () => ({ Component: (await import("../features/characters/WorldPage")).PebblewickPage }) },
      { path: "cryptids", lazy: async () => ({ Component: (await import("../features/characters/WorldPage")).CryptidsPage }) },
      { path: "commissions", lazy: async () => ({ Component: (await import("../features/commissions/CommissionPage")).CommissionPage }) },
      { path: "commissions/queue", lazy: async () => ({ Component: (await import("../features/commissions/QueuePage")).QueuePage }) },
      { path: "verify/:edition/:n", lazy: async () => ({ Component: (await import("../features/editions/VerifyPage")).VerifyPage }) },
      { path: "customer/dashboard", lazy: async () => ({ Component: (await import("../features/commissions/DashboardPage")).DashboardPage }) },
      { path: "stripe-example", lazy: async () => ({ Component: (await import("../features/checkout/DemoCheckoutPage")).DemoCheckoutPage }) },
      { path: "checkout/success", lazy: async () => ({ Component: (await import("../features/checkout/SuccessPage")).SuccessPage }) },
      { path: "orders/:id", lazy: async () => ({ Component: (await import("../features/orders/OrderPage")).OrderPage }) },
      { path: "checkout/canceled", lazy: async () => ({ Component: (await import("../features/checkout/CanceledPage")).CanceledPage }) },
      { path: "reset-password", lazy: async () => ({ Component: (await import("../features/account/ResetPasswordPage")).ResetPasswordPage }) },
      { path: "confirm-verification", lazy: async () => ({ Component: (await import("../features/account/ConfirmVerificationPage")).ConfirmVerificationPage }) },
      { path: "confirm-email-change", lazy: async () => ({ Component: (await import("../features/account/ConfirmEmailChangePage")).ConfirmEmailChangePage }) },
      { path: "admin/login", lazy: async () => ({ Component: (await import("../features/admin/AdminLoginPage")).AdminLoginPage }) },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
  // The studio app has its own frame (no shop navigation or footer): /admin/<tab> and /admin/commissions/<id>.
  { path: "admin/*", errorElement: <RouteError />, lazy: async () => ({ Component: (await import("../features/admin/AdminPage")).AdminPage }) },
];
