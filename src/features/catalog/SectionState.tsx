import type { ReactNode } from "react";
import { Button } from "../../ui/Button";
import { Loading } from "../../ui/Skeleton";
import type { CatalogRead } from "../../lib/sync";

/** Loading, error and empty states of a catalogue section, with the spec's texts; otherwise the content. */
export function SectionState<T>({
  read,
  errorText,
  emptyText,
  skeleton,
  children,
}: {
  read: CatalogRead<T>;
  errorText: string;
  emptyText: string;
  /** Placeholders laid out like the content, so nothing moves when it arrives. */
  skeleton?: ReactNode;
  children: ReactNode;
}) {
  if (read.loading) return <Loading>{skeleton}</Loading>;
  if (read.failed)
    return (
      <div className="empty-state" role="alert">
        <p className="error-text">{errorText}</p>
        <Button variant="secondary" size="small" onPress={read.retry}>
          Try again
        </Button>
      </div>
    );
  if (read.rows.length === 0) return <p className="empty-state">{emptyText}</p>;
  return <>{children}</>;
}
