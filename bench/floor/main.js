// The stack's floor for `npm run bench`: what any page of this stack costs before the shop adds
// anything. It starts React with the router, opens a Dexie database and creates the PocketBase
// client, and renders one heading over the same heading painted from the HTML (index.html).
import { createElement as h, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import Dexie from "dexie";
import PocketBase from "pocketbase";

const db = new Dexie("floor");
db.version(1).stores({ items: "id" });
void db.open();
const pb = new PocketBase(location.origin);

const router = createBrowserRouter([{ path: "*", element: h("main", null, h("h1", null, pb.authStore.isValid ? "Welcome back" : "Lanternwood Studio")) }]);
createRoot(document.getElementById("root")).render(h(StrictMode, null, h(RouterProvider, { router })));
