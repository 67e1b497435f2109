import { lazy, Suspense, useEffect, useState } from "react";
import { useCart } from "./cartStore";

// The drawer and checkout dialog load the first time the cart opens, not with the page.
const CartSheet = lazy(() => import("./CartSheet"));

export function CartDrawer() {
  const isOpen = useCart((s) => s.isOpen);
  const [wanted, setWanted] = useState(isOpen);
  useEffect(() => {
    if (isOpen) setWanted(true);
  }, [isOpen]);
  return wanted ? (
    <Suspense fallback={null}>
      <CartSheet />
    </Suspense>
  ) : null;
}
