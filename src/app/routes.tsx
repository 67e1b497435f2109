import type { RouteObject } from "react-router-dom";
import { NotFoundPage } from "./NotFoundPage";

export const routes: RouteObject[] = [{ path: "*", element: <NotFoundPage /> }];
