// The country codes the studio may name: the server's one list, named by the browser.
import { countryName, usePlaces } from "../../cart/shipTo";

export { countryName, usePlaces };

/** "de, FR at" → ["DE", "FR", "AT"], and the codes that are not countries. */
export function parseCountries(text: string, known: string[]): { codes: string[]; unknown: string[] } {
  const codes = [...new Set(text.split(/[\s,;]+/).map((c) => c.trim().toUpperCase()).filter(Boolean))];
  return { codes, unknown: codes.filter((c) => !known.includes(c)) };
}
