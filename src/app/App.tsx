import { useEffect } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { sync } from "../lib/sync";
import { routes } from "./routes";

const router = createBrowserRouter(routes);

export function App() {
  useEffect(() => sync.start(), []);
  return <RouterProvider router={router} />;
}
