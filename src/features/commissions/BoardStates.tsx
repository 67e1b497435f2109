import type { CommissionTypeState } from "../../lib/catalog";
import styles from "./board.module.css";

/**
 * Each type's state. The box is empty until the board is read, and the server fills it in the
 * page it sends (data-server-fill), so the states show before any script runs.
 */
export function BoardStates({ states }: { states: CommissionTypeState[] }) {
  return (
    <div className={styles.states} data-server-fill="true">
      {states.length > 0 && (
        <ul>
          {states.map((s) => (
            <li key={s.type} data-state={s.state}>
              <span>{s.label}</span> <strong>{s.text}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
