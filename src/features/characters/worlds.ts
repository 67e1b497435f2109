import type { CharacterType } from "../../lib/catalog";

export interface World {
  type: CharacterType;
  path: string;
  title: string;
  tagline: string;
  currentHeading: string;
  enterLabel: string;
  intro: string;
  videoChannel: string;
}

export const WORLDS: Record<CharacterType, World> = {
  pebblewick: {
    type: "pebblewick",
    path: "/pebblewick",
    title: "Pebblewick",
    tagline: "A seaside village of small magical neighbors",
    currentHeading: "Current Characters",
    enterLabel: "Enter the World of Pebblewick",
    intro: "Where the fog rolls in every afternoon and the lighthouse never sleeps. Meet the villagers who keep the cove glowing.",
    videoChannel: "https://video.example/lanternwood/pebblewick",
  },
  cryptid: {
    type: "cryptid",
    path: "/cryptids",
    title: "Hidden Cryptids Alliance",
    tagline: "The gentle creatures who watch the woods at night",
    currentHeading: "Core Alliance Members",
    enterLabel: "Enter the Hidden Cryptids Alliance",
    intro: "Misunderstood, mostly harmless, and very good at hiding. The Alliance looks after the valley while everyone else sleeps.",
    videoChannel: "https://video.example/lanternwood/alliance",
  },
};
