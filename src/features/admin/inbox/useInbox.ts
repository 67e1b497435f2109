// The commission inbox: every commission with its latest activity, last message and unread count,
// kept live from the same realtime lists the rest of the app uses. One instance lives in the studio
// frame (the tab's count and the app-icon badge) and is shared with the Commissions tab.
import { createContext, useContext, useMemo } from "react";
import { laterFirst } from "../../../lib/catalog";
import { useLiveList } from "../../../lib/useLiveList";
import { type Commission, type CommissionMessage } from "../../commissions";

export interface Conversation {
  commission: Commission;
  last: CommissionMessage | null;
  /** Customer messages the studio has not read yet. */
  unread: number;
  /** The newest of the request itself and its messages (ISO date-time). */
  activity: string;
}

export interface Inbox {
  conversations: Conversation[] | null;
  unread: number;
  error: boolean;
}

export function useInboxData(): Inbox {
  const commissions = useLiveList<Commission>("commissions", "", "-created");
  const messages = useLiveList<CommissionMessage>("commission_messages", "", "created");
  const conversations = useMemo(() => {
    if (!commissions.items || !messages.items) return null;
    const byCommission = new Map<string, { last: CommissionMessage; unread: number }>();
    for (const m of messages.items) {
      const seen = byCommission.get(m.commission);
      const unread = (seen?.unread ?? 0) + (m.sender_role === "customer" && !m.is_read ? 1 : 0);
      const last = !seen || m.created >= seen.last.created ? m : seen.last;
      byCommission.set(m.commission, { last, unread });
    }
    return commissions.items
      .map((commission) => {
        const thread = byCommission.get(commission.id);
        const last = thread?.last ?? null;
        const activity = last && last.created > commission.created ? last.created : commission.created;
        return { commission, last, unread: thread?.unread ?? 0, activity };
      })
      .sort((a, b) => laterFirst(a.activity, b.activity));
  }, [commissions.items, messages.items]);
  const unread = conversations?.reduce((n, c) => n + c.unread, 0) ?? 0;
  return { conversations, unread, error: commissions.error || messages.error };
}

export const InboxContext = createContext<Inbox>({ conversations: null, unread: 0, error: false });
export const useInbox = () => useContext(InboxContext);
