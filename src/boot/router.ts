// The router library as a stage of the app's start (src/main.tsx): evaluated in a task of its own,
// before the app's own code, which the route table brings (vite.config.ts, BOOT_STAGES).
export { createBrowserRouter, RouterProvider } from "react-router-dom";
