// The story books the server sells in the tests, from the one PDF maker (scripts/lib/story-pdf.mjs).
// @ts-expect-error plain ESM helpers shared with the scripts
import { lanternStory as make } from "../../scripts/lib/story-pdf.mjs";

/** A real PDF of `chapters` story pages after its title page. */
export const lanternStory = (chapters = 6): Buffer => make(chapters);
