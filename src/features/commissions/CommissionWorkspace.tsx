import { Tabs } from "../../ui/Tabs";
import { CommissionThread, type Viewer } from "./CommissionThread";
import { FilesPanel } from "./FilesPanel";
import { useLiveList } from "../../lib/useLiveList";
import { pb } from "../../lib/pocketbase";
import type { CommissionMessage } from "./types";
import type { ReactNode } from "react";

/** Messages and Files of one commission, in tabs; the admin adds a Details tab in front. */
export default function CommissionWorkspace({ commissionId, viewer, details }: { commissionId: string; viewer: Viewer; details?: ReactNode }) {
  const unread = useLiveList<CommissionMessage>("commission_messages", pb.filter("commission = {:id} && is_read = false && sender_role != {:me}", { id: commissionId, me: viewer }), "created").items?.length ?? 0;
  const tabs = [
    ...(details ? [{ id: "details", label: "Details", content: details }] : []),
    { id: "messages", label: <>Messages{unread > 0 && <span aria-label={`${unread} unread`}> ({unread})</span>}</>, content: <CommissionThread commissionId={commissionId} viewer={viewer} /> },
    { id: "files", label: "Files", content: <FilesPanel commissionId={commissionId} /> },
  ];
  return <Tabs label="Commission" tabs={tabs} />;
}
