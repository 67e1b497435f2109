import { useEffect, useState } from "react";
import { previewUrl, type Campaign } from "./letters";
import styles from "./letters.module.css";

/** The letter as a phone shows it: 375 px wide, in a frame the server allows for this page only. */
export function LetterPreview({ campaign }: { campaign: Campaign }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    previewUrl(campaign.id).then(setUrl, () => setFailed(true));
  }, [campaign.id]);
  if (failed) return <p className="error-text">The preview could not be loaded. Please try again.</p>;
  if (!url) return <p className="muted">Loading the preview...</p>;
  return <iframe className={styles.phone} src={url} title={`${campaign.subject}, at phone width`} sandbox="" />;
}
