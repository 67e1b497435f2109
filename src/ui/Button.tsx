import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router-dom";
import styles from "./Button.module.css";

export type ButtonVariant = "primary" | "accent" | "secondary" | "ghost" | "danger";

interface Look {
  variant?: ButtonVariant;
  size?: "normal" | "small" | "icon";
  className?: string;
}

function classes({ variant = "primary", size = "normal", className }: Look) {
  return [styles.button, styles[variant], size !== "normal" && styles[size], className].filter(Boolean).join(" ");
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onClick" | "disabled"> & Look & { onPress?: () => void; isDisabled?: boolean };

/**
 * The studio's button: a native <button>, so public pages need no interaction library for
 * their first paint. The onPress/isDisabled names match the react-aria components used in
 * dialogs and forms.
 */
export function Button({ variant, size, className, onPress, isDisabled, type = "button", ...props }: ButtonProps) {
  return <button {...props} type={type} disabled={isDisabled} onClick={onPress && (() => onPress())} className={classes({ variant, size, className })} />;
}

type LinkButtonProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & Look & { href: string } & Pick<LinkProps, "state">;

/** A link that looks like a button; paths inside the app go through the router. */
export function LinkButton({ variant, size, className, href, ...props }: LinkButtonProps) {
  const cls = classes({ variant, size, className });
  return href.startsWith("/") ? <Link {...props} to={href} className={cls} /> : <a {...props} href={href} className={cls} />;
}
