// Characters of both story worlds: the home-page showcase; the world pages load per route.
export { CharacterShowcase } from "./CharacterShowcase";
export { CharacterDetails } from "./CharacterDetails";
