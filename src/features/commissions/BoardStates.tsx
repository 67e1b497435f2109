import type { CommissionTypeState } from "../../lib/catalog";
import { ServerFilled } from "../../ui/ServerFilled";
import styles from "./board.module.css";

/**
 * Each type's state. The box is empty until the board is read, and the server fills it in the
 * page it sends (data-server-fill), so the states show before any script runs and keep their
 * place until the board is read. A board that cannot be read leaves the server's states standing:
 * they were true when the page was sent, and the request is checked against the board when sent.
 */
export function BoardStates({ states, loading, failed }: { states: CommissionTypeState[]; loading: boolean; failed: boolean }) {
  return (
    <ServerFilled className={styles.states} ready={!loading && !failed}>
      {states.length > 0 && (
        <ul>
          {states.map((s) => (
            <li key={s.type} data-state={s.state}>
              <span>{s.label}</span> <strong>{s.text}</strong>
            </li>
          ))}
        </ul>
      )}
    </ServerFilled>
  );
}
