import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";

/** Shares a piece's address: the phone's share sheet where there is one, else the link copied. */
export function ShareButton({ title, path }: { title: string; path: string }) {
  async function share() {
    const url = new URL(path, location.origin).href;
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (e) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (e instanceof DOMException && e.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: url });
    } catch {
      toast({ title: "Could not copy the link", description: url, tone: "error" });
    }
  }
  return (
    <Button variant="secondary" size="small" onPress={() => void share()}>
      Share
    </Button>
  );
}
