import { Button as AriaButton, Link as AriaLink, type ButtonProps as AriaButtonProps, type LinkProps as AriaLinkProps } from "react-aria-components";
import styles from "./Button.module.css";

export type ButtonVariant = "primary" | "accent" | "secondary" | "ghost" | "danger";

interface Look {
  variant?: ButtonVariant;
  size?: "normal" | "small" | "icon";
}

function classes({ variant = "primary", size = "normal" }: Look, extra?: string) {
  return [styles.button, styles[variant], size !== "normal" && styles[size], extra].filter(Boolean).join(" ");
}

export function Button({ variant, size, className, ...props }: AriaButtonProps & Look & { className?: string }) {
  return <AriaButton {...props} className={classes({ variant, size }, className)} />;
}

/** A link that looks like a button; in-app hrefs go through the router (see RouterProvider in App). */
export function LinkButton({ variant, size, className, ...props }: AriaLinkProps & Look & { className?: string }) {
  return <AriaLink {...props} className={classes({ variant, size }, className)} />;
}
