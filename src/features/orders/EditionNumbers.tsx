import { Link } from "react-router-dom";
import type { EditionNumber } from "./order";
import styles from "./orders.module.css";

/** A numbered print's numbers on its order line: each opens its public ledger page and has its certificate. */
export function EditionNumbers({ numbers }: { numbers: EditionNumber[] }) {
  return (
    <ul className={styles.numbers}>
      {numbers.map((n) => (
        <li key={n.number}>
          <Link to={n.verify} aria-label={`Number ${n.number} of ${n.size}: its page in the edition's public ledger`}>
            {n.number}/{n.size}
          </Link>
          {n.refunded ? (
            <span className={styles.lineState}> · refunded, certificate void</span>
          ) : (
            <a href={n.certificate} className={styles.certificate} aria-label={`Certificate of number ${n.number} of ${n.size} (PDF)`}>
              Certificate (PDF)
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
