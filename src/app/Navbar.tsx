import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { NavLink, Link } from "react-router-dom";
import { CartButton } from "../features/cart";
import { AccountButton } from "../features/account";
import { NewsletterButton } from "../features/newsletter";
import { ThemeSwitch } from "./ThemeSwitch";
import { keepRootLength } from "../ui/keepRootLength";
import styles from "./Navbar.module.css";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/gallery", label: "Gallery" },
  { to: "/pebblewick", label: "Pebblewick" },
  { to: "/cryptids", label: "Cryptids" },
  { to: "/commissions", label: "Commissions" },
  { to: "/about", label: "About" },
];

export function Navbar() {
  // The small-screen menu (SPEC §4 Sidebar: a flag, closed by default).
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const bar = useRef<HTMLElement>(null);
  const burger = useRef<HTMLButtonElement>(null);
  // The page keeps what it scrolls to clear of the header (scroll-padding in global.css), and the
  // open menu scrolls within what is left of the screen: both need the header's height as drawn,
  // which grows with larger text and wraps at narrow widths.
  useEffect(() => keepRootLength("--header-block", bar.current, (header) => header.getBoundingClientRect().height), []);
  const escape = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !open) return;
    close();
    burger.current?.focus();
  };
  return (
    <header className={styles.bar} ref={bar} onKeyDown={escape}>
      <div className={`container ${styles.inner}`}>
        <Link to="/" className={styles.brand} onClick={close}>
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span className={styles.wordmark}>
            Lanternwood<span className={styles.studioWord}> Studio</span>
          </span>
        </Link>
        {/* The tools come before the links in the page, as on the screen: on a phone the Tab
            after Open menu goes into the menu. */}
        <div className={styles.tools}>
          <span className={styles.barOnly}>
            <NewsletterButton />
            <ThemeSwitch />
          </span>
          <AccountButton />
          <CartButton />
          <button
            ref={burger}
            type="button"
            className={styles.burger}
            aria-expanded={open}
            aria-controls="main-nav"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">{open ? "×" : "☰"}</span>
          </button>
        </div>
        <nav aria-label="Main" id="main-nav" className={`${styles.nav} ${open ? styles.open : ""}`}>
          <ul>
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === "/"} onClick={close} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className={`${styles.navExtras} ${styles.menuOnly}`}>
            <NewsletterButton onOpen={close} returnFocus={() => burger.current} />
            <ThemeSwitch />
          </div>
        </nav>
      </div>
    </header>
  );
}
