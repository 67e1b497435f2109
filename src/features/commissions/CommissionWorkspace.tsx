import { Tabs } from "../../ui/Tabs";
import { CommissionThread, type Viewer } from "./CommissionThread";
import { FilesPanel } from "./FilesPanel";
import { MoneyPanel } from "./MoneyPanel";
import { useLiveList } from "../../lib/useLiveList";
import { pb } from "../../lib/pocketbase";
import type { CommissionMessage } from "./types";
import type { ReactNode } from "react";
import styles from "./commissions.module.css";

/**
 * Messages, Payments and Files of one commission, in tabs; the admin adds a Details tab in front (the
 * default, unless `initialTab` says otherwise). `fill` lets the thread take the height it is given
 * (the studio's inbox) instead of the dialog's fixed scroll area.
 */
export default function CommissionWorkspace({
  commissionId,
  viewer,
  details,
  initialTab,
  fill = false,
}: {
  commissionId: string;
  viewer: Viewer;
  details?: ReactNode;
  initialTab?: "details" | "messages" | "money" | "files";
  fill?: boolean;
}) {
  const unread = useLiveList<CommissionMessage>("commission_messages", pb.filter("commission = {:id} && is_read = false && sender_role != {:me}", { id: commissionId, me: viewer }), "created").items?.length ?? 0;
  const tabs = [
    ...(details ? [{ id: "details", label: "Details", content: details }] : []),
    { id: "messages", label: <>Messages{unread > 0 && <span aria-label={`${unread} unread`}> ({unread})</span>}</>, content: <CommissionThread commissionId={commissionId} viewer={viewer} /> },
    { id: "money", label: "Payments", content: <MoneyPanel commissionId={commissionId} viewer={viewer} /> },
    { id: "files", label: "Files", content: <FilesPanel commissionId={commissionId} viewer={viewer} /> },
  ];
  return (
    <div className={fill ? styles.fill : undefined}>
      <Tabs label="Commission" tabs={tabs} defaultSelectedKey={initialTab} />
    </div>
  );
}
