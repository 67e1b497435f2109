import { Link } from "react-router-dom";
import type { EditionNumber } from "./order";
import styles from "./orders.module.css";

/** A numbered print's numbers on its order line: each opens its public ledger page and has its certificate. */
export function EditionNumbers({ numbers }: { numbers: EditionNumber[] }) {
  return (
    <ul className={styles.numbers}>
      {numbers.map((n) => (
        <li key={n.number}>
          <Link to={n.verify}>
            {n.number}/{n.size}
            <span className="visually-hidden"> in the edition's public ledger</span>
          </Link>
          {n.refunded ? (
            <span className={styles.lineState}> · refunded, certificate void</span>
          ) : (
            <a href={n.certificate} className={styles.certificate}>
              Certificate (PDF)
              <span className="visually-hidden">
                {" "}
                of number {n.number}/{n.size}
              </span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
