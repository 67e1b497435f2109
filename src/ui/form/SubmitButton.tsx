import { Button, type ButtonVariant } from "../Button";

/** Disabled and reading Saving... (or the given text) while the form saves. */
export function SubmitButton({ saving, children, savingText = "Saving...", variant = "primary", isDisabled }: { saving: boolean; children: string; savingText?: string; variant?: ButtonVariant; isDisabled?: boolean }) {
  return (
    <Button type="submit" variant={variant} isDisabled={saving || isDisabled}>
      {saving ? savingText : children}
    </Button>
  );
}
