import type { CommissionTypeState } from "../../lib/catalog";
import { ServerFilled } from "../../ui/ServerFilled";
import styles from "./board.module.css";

/**
 * Each type's state. The box is empty until the board is read, and the server fills it in the
 * page it sends (data-server-fill), so the states show before any script runs and keep their
 * place until the board is read.
 */
export function BoardStates({ states, loading }: { states: CommissionTypeState[]; loading: boolean }) {
  return (
    <ServerFilled className={styles.states} ready={!loading}>
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
