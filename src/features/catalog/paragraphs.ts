/** A description's paragraphs: the artist's line breaks, blank lines collapsed. */
export function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n|\n/).map((p) => p.trim()).filter(Boolean);
}
