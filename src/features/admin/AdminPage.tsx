import { Navigate, useNavigate, useParams } from "react-router-dom";
import { Button, LinkButton } from "../../ui/Button";
import { Tabs } from "../../ui/Tabs";
import { toast } from "../../ui/toast";
import { pb } from "../../lib/pocketbase";
import { useLiveList } from "../../lib/useLiveList";
import { signOut, useAuth } from "../account";
import { DataStatusBanner } from "./DataStatusBanner";
import { AbandonedCartsTab } from "./tabs/AbandonedCartsTab";
import { ArtistTab } from "./tabs/ArtistTab";
import { BooksTab } from "./tabs/BooksTab";
import { CharactersTab } from "./tabs/CharactersTab";
import { CommissionsTab } from "./tabs/CommissionsTab";
import { MerchandiseTab } from "./tabs/MerchandiseTab";
import { MuralsTab } from "./tabs/MuralsTab";
import { OrdersTab } from "./tabs/OrdersTab";
import { PaintingsTab } from "./tabs/PaintingsTab";
import styles from "./admin.module.css";

const TABS = [
  ["characters", "Characters", CharactersTab],
  ["merchandise", "Merchandise", MerchandiseTab],
  ["paintings", "Paintings", PaintingsTab],
  ["books", "Books", BooksTab],
  ["murals", "Murals", MuralsTab],
  ["commissions", "Commissions", CommissionsTab],
  ["orders", "Orders", OrdersTab],
  ["abandoned-carts", "Abandoned Carts", AbandonedCartsTab],
  ["artist", "Artist", ArtistTab],
] as const;

function UnreadBadge() {
  const unread = useLiveList("commission_messages", pb.filter("is_read = false && sender_role = {:r}", { r: "customer" }), "created").items?.length ?? 0;
  return unread > 0 ? <span className={styles.unread} aria-label={`${unread} unread messages`}>{unread}</span> : null;
}

export function AdminPage() {
  const { user, loading } = useAuth();
  const { tab = "paintings" } = useParams();
  const navigate = useNavigate();

  if (loading && !user) return <p className={styles.checking}>Checking authentication...</p>;
  if (!user?.is_admin) return <Navigate to="/admin/login" replace />;
  if (!TABS.some(([id]) => id === tab)) return <Navigate to="/admin/paintings" replace />;

  return (
    <div className={styles.admin}>
      <header className={styles.header}>
        <h1>Admin Dashboard</h1>
        <div className={styles.headerActions}>
          <LinkButton variant="secondary" href="/">
            Back to Website
          </LinkButton>
          <Button
            variant="ghost"
            onPress={() => {
              try {
                signOut();
                toast({ title: "Signed out" });
                navigate("/admin/login");
              } catch {
                toast({ title: "Failed to sign out. Please try again.", tone: "error" });
              }
            }}
          >
            Logout
          </Button>
        </div>
      </header>
      <DataStatusBanner />
      <Tabs
        label="Admin sections"
        selectedKey={tab}
        onSelectionChange={(key) => navigate(`/admin/${key}`)}
        tabs={TABS.map(([id, label, Tab]) => ({
          id,
          label: id === "commissions" ? <>{label} <UnreadBadge /></> : label,
          content: <Tab />,
        }))}
      />
    </div>
  );
}
