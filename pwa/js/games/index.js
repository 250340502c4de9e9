// Game renderers by game id. A game module may export any of: publicState, privateState,
// choiceLabel, partLabel, confirmText, colourName (a box colour's word); the generic renderer
// supplies the rest. Adding a game's screens is one line here and one module beside this one.

import * as generic from "./generic.js";

const MODULES = {
  "eat-zem-all": () => import("./eat-zem-all.js"),
  "student-bodies": () => import("./student-bodies.js"),
  "zombie-life": () => import("./zombie-life.js"),
  zombicide: () => import("./zombicide.js"),
};

/** Every game with screens of its own (tests load them all). */
export const GAME_IDS = Object.keys(MODULES);

const loaded = new Map();

/** The renderer for ``gameId``: its module's functions over the generic ones. */
export async function rendererFor(gameId) {
  if (!loaded.has(gameId)) {
    const load = MODULES[gameId];
    const module = load ? await load() : {};
    loaded.set(gameId, { ...generic, ...module });
  }
  return loaded.get(gameId);
}
