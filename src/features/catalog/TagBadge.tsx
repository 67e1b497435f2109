import { Badge, type BadgeTone } from "../../ui/Badge";
import { CUSTOM_TAG, ORIGINAL_TAG, PRINT_TAG, SOLD_OUT_TAG } from "../../lib/catalog";

const TONES: Record<string, BadgeTone> = { [PRINT_TAG]: "sea", [ORIGINAL_TAG]: "moss", [SOLD_OUT_TAG]: "coral", [CUSTOM_TAG]: "lavender" };

export function TagBadge({ tag }: { tag: string }) {
  return <Badge tone={TONES[tag] ?? "neutral"}>{tag}</Badge>;
}
