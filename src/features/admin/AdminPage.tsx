import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { Navigate, useNavigate, useParams } from "react-router-dom";
import { Button, LinkButton } from "../../ui/Button";
import { Tabs } from "../../ui/Tabs";
import { Toaster } from "../../ui/Toaster";
import { toast } from "../../ui/toast";
import { AppStatus } from "../../ui/pwa";
import { keepFilesOnceControlled } from "../../lib/pwa";
import { signOut, useAuth } from "../account";
import { DataStatusBanner } from "./DataStatusBanner";
import { ReplicationStatus } from "./ReplicationStatus";
import { InboxContext, useInboxData } from "./inbox/useInbox";
import { setAppBadge, useAppBadge } from "./inbox/useAppBadge";
import { useWaitingCount } from "./orders/useOrders";
import { forgetReports } from "./reports/useReport";
import { AbandonedCartsTab } from "./tabs/AbandonedCartsTab";
import { ArtistTab } from "./tabs/ArtistTab";
import { BooksTab } from "./tabs/BooksTab";
import { CharactersTab } from "./tabs/CharactersTab";
import { CommissionsTab } from "./tabs/CommissionsTab";
import { EditionsTab } from "./tabs/EditionsTab";
import { DiscountsTab } from "./discounts/DiscountsTab";
import { MerchandiseTab } from "./tabs/MerchandiseTab";
import { MuralsTab } from "./tabs/MuralsTab";
import { OrdersTab } from "./tabs/OrdersTab";
import { PaintingsTab } from "./tabs/PaintingsTab";
import { ShippingTab } from "./shipping/ShippingTab";
import { TaxTab } from "./shipping/TaxTab";
import { ADMIN_TITLE, usePageTitle } from "../../lib/titles";
import styles from "./studio.module.css";

/** A tab read now and then, not every day: its code loads when it opens. */
function onDemand(load: () => Promise<{ default: ComponentType }>) {
  const Lazy = lazy(load);
  return function OnDemandTab() {
    return (
      <Suspense fallback={<p className="muted">Loading...</p>}>
        <Lazy />
      </Suspense>
    );
  };
}
const LettersTab = onDemand(() => import("./letters/LettersTab"));
const DigitalItemsTab = onDemand(() => import("./downloads/DigitalItemsTab"));
const ReportsTab = onDemand(() => import("./reports/ReportsTab"));

const TABS = [
  ["characters", "Characters", CharactersTab],
  ["merchandise", "Merchandise", MerchandiseTab],
  ["paintings", "Paintings", PaintingsTab],
  ["editions", "Editions", EditionsTab],
  ["books", "Books", BooksTab],
  ["downloads", "Downloads", DigitalItemsTab],
  ["murals", "Murals", MuralsTab],
  ["commissions", "Commissions", CommissionsTab],
  ["orders", "Orders", OrdersTab],
  ["discounts", "Discounts", DiscountsTab],
  ["letters", "Letters", LettersTab],
  ["abandoned-carts", "Abandoned Carts", AbandonedCartsTab],
  ["shipping", "Shipping", ShippingTab],
  ["tax", "Tax", TaxTab],
  ["reports", "Reports", ReportsTab],
  ["artist", "Artist", ArtistTab],
] as const;

/** The studio app (/admin/<tab>, /admin/commissions/<id>): its own frame, for a tablet first. */
export function AdminPage() {
  const { user, loading } = useAuth();
  const [tab = "paintings"] = (useParams()["*"] ?? "").split("/").filter(Boolean);
  const navigate = useNavigate();
  usePageTitle(ADMIN_TITLE);

  if (loading && !user) return <p className={styles.checking}>Checking authentication...</p>;
  if (!user?.is_admin) return <Navigate to="/admin/login" replace />;
  if (!TABS.some(([id]) => id === tab)) return <Navigate to="/admin/paintings" replace />;

  function logOut() {
    try {
      signOut();
      setAppBadge(0);
      forgetReports();
      toast({ title: "Signed out" });
      navigate("/admin/login");
    } catch {
      toast({ title: "Failed to sign out. Please try again.", tone: "error" });
    }
  }

  return (
    <Studio tab={tab} onTab={(key) => navigate(`/admin/${key}`)} onLogOut={logOut} />
  );
}

function Studio({ tab, onTab, onLogOut }: { tab: string; onTab: (key: string) => void; onLogOut: () => void }) {
  const inbox = useInboxData();
  const waiting = useWaitingCount();
  useAppBadge(inbox.conversations ? inbox.unread : null);
  // Signed in, the tablet keeps every studio screen (vite.config.ts lists them), so the studio
  // opens with no signal next time; a visitor's install never downloads them.
  useEffect(() => keepFilesOnceControlled("/studio-files.json"), []);
  return (
    <InboxContext.Provider value={inbox}>
      <div className={styles.studio}>
        <a className="visually-hidden" href="#studio-main">
          Skip to content
        </a>
        <header className={styles.bar}>
          <div className={styles.brand}>
            <img src="/favicon.svg" alt="" width={36} height={36} />
            <div>
              <span className={styles.studioName}>Lanternwood Studio</span>
              <h1>Admin Dashboard</h1>
            </div>
          </div>
          <div className={styles.actions}>
            <LinkButton variant="secondary" size="small" href="/">
              Back to Website
            </LinkButton>
            <Button variant="ghost" size="small" onPress={onLogOut}>
              Logout
            </Button>
          </div>
        </header>
        <main id="studio-main" tabIndex={-1} className={styles.main}>
          <DataStatusBanner />
          <ReplicationStatus />
          <Tabs
            label="Admin sections"
            selectedKey={tab}
            onSelectionChange={onTab}
            tabs={TABS.map(([id, label, Tab]) => ({
              id,
              label:
                id === "commissions" && inbox.unread > 0 ? (
                  <>
                    {label}{" "}
                    <span className={styles.unread} aria-label={`${inbox.unread} unread messages`}>
                      {inbox.unread}
                    </span>
                  </>
                ) : id === "orders" && waiting > 0 ? (
                  <>
                    {label}{" "}
                    <span className={styles.unread} aria-label={`${waiting} waiting to ship`}>
                      {waiting}
                    </span>
                  </>
                ) : (
                  label
                ),
              content: <Tab />,
            }))}
          />
        </main>
        <Toaster />
        <AppStatus />
      </div>
    </InboxContext.Provider>
  );
}
