import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { AppStatus } from "../lib/pwa";
import { routes } from "./routes";

const router = createBrowserRouter(routes);

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <AppStatus />
    </>
  );
}
