import { Link } from "react-router-dom";
import styles from "./Footer.module.css";

export function Footer() {
  return (
    <footer id="site-footer" className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section>
          <h2 className={styles.heading}>About the Artist</h2>
          <p className="muted">
            Elowen Marsh paints small worlds in big washes of color: the seaside village of Pebblewick and the gentle creatures of the
            Hidden Cryptids Alliance, from a little studio by the harbor.
          </p>
        </section>
        <nav aria-label="Quick links">
          <h2 className={styles.heading}>Quick links</h2>
          <ul className={styles.links}>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/gallery">Gallery</Link></li>
            <li><Link to="/commissions">Commissions</Link></li>
            <li><Link to="/about">About</Link></li>
            <li><Link to="/admin">Admin Portal</Link></li>
          </ul>
        </nav>
        <section>
          <h2 className={styles.heading}>Say hello</h2>
          <p>
            <a className={styles.address} href="mailto:hello@lanternwood.example">
              hello@lanternwood.example
            </a>
          </p>
          <p>
            <a href="https://social.example/lanternwoodstudio" target="_blank" rel="noopener noreferrer">
              Follow the studio ↗
            </a>
          </p>
        </section>
      </div>
      <p className={`container ${styles.copy}`}>© {new Date().getFullYear()} Lanternwood Studio. All artwork and characters are the artist&apos;s own.</p>
    </footer>
  );
}
