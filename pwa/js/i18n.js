// English and French. The browser's language picks one; the header button switches (and the
// choice is kept). Game renderers add their own strings with addStrings().

import { getPref, setPref } from "./store.js";

const STRINGS = {
  en: {
    "lang.other": "FR", "lang.other.name": "Français",
    loading: "Loading…",
    "conn.live": "live", "conn.connecting": "connecting…", "conn.reconnecting": "reconnecting…",
    "banner.reconnecting": "Connection lost: reconnecting…",
    "banner.offline": "You are offline: reconnecting when the network is back…",
    "banner.shell": "You are offline. This screen comes from the phone; tables need the network.",
    "error.offline": "No connection: try again when you are back online.",
    "error.generic": "That did not work: {detail}",
    stale: "The table moved on before your action. The screen is up to date: check it and choose again.",
    "confirm.ok": "Confirm", "confirm.cancel": "Cancel",
    "confirm.start": "Start the game? Nobody can join once it has started.",
    "home.tagline": "Zombie board games around a real table: the app keeps the hidden cards, the counts and the rulings.",
    "home.new": "New table", "home.game": "Game", "home.variant": "Variant", "home.variant.none": "Standard",
    "home.players": "{min}–{max} players", "home.create": "Open the table",
    "home.join": "Join a table", "home.code": "Table code", "home.code.hint": "6 letters or digits, as shown on the table screen.",
    "home.join.go": "Join", "home.mine": "Your tables", "home.mine.host": "Table screen", "home.mine.seat": "My seat",
    "table.title": "Table {code}", "table.scan": "Scan to join", "table.or": "or open",
    "table.players": "Players", "table.nobody": "Nobody yet: scan the QR code.",
    "seat.online": "connected", "seat.offline": "not connected", "seat.you": "you",
    "table.undo": "Undo the last action", "table.reissue": "New QR for {name}",
    "table.reissue.confirm": "Give {name}'s seat to a new phone? Their old phone stops working at this table. This cannot be undone.",
    "table.claim": "{name}: scan this with the new phone", "table.claim.done": "Done",
    "table.commitment": "Seed commitment (SHA-256)",
    "table.commitment.help": "Fixed before play. The seed is revealed at the end, so anyone can check that no deck was stacked.",
    "table.seed": "Seed", "table.export": "Download the export",
    "table.verify": "Then run: tableapp verify export.json",
    "table.log": "Log", "table.now": "Now", "table.spectator": "Spectator view: the host's controls are on the device that opened the table.",
    "table.myseat": "My seat at this table", "table.host": "Table screen", "table.takeseat": "Take a seat on this device",
    "join.title": "Join table {code}", "join.name": "Your name", "join.name.hint": "1 to 40 characters.",
    "join.colour": "Your colour", "join.submit": "Take a seat", "join.taken": "taken",
    "join.started": "This game has already started. If your phone was lost, ask the host for a new QR code.",
    "join.finished": "This game is over.",
    "lobby.you": "You are at the table.", "lobby.wait": "Waiting for the host to start.", "lobby.players": "At the table",
    "player.yourturn": "Your turn", "player.waiting": "Waiting for {names}", "player.actions": "Your move",
    "player.none": "Nothing to do right now.", "player.undo": "Undo my last action",
    "player.private": "Only you see this", "player.table": "The table",
    "action.send": "Play", "action.pick": "Pick {min} to {max}", "action.between": "{min} to {max}",
    "action.corrections": "Correct a count (the table is the truth)",
    "log.private": "only you", "log.undone": "undone", "log.rule": "Rule {rule}", "log.empty": "Nothing yet.",
    "revoked": "This seat was given to another phone. Ask the host if that is a mistake.",
    "gone": "There is no table {code}.", "host": "Host",
    "end.title": "Game over", "end.winner": "winner", "end.points": "{n} pts",
    "end.chart": "Points per player, by part of the game", "end.home": "Home",
    "game.state": "Game state",
    orange: "orange", sky: "sky blue", green: "green", yellow: "yellow", blue: "blue",
    vermilion: "vermilion", purple: "purple", grey: "grey",
  },
  fr: {
    "lang.other": "EN", "lang.other.name": "English",
    loading: "Chargement…",
    "conn.live": "en direct", "conn.connecting": "connexion…", "conn.reconnecting": "reconnexion…",
    "banner.reconnecting": "Connexion perdue : reconnexion…",
    "banner.offline": "Vous êtes hors ligne : reconnexion dès le retour du réseau…",
    "banner.shell": "Vous êtes hors ligne. Cet écran vient du téléphone ; les tables ont besoin du réseau.",
    "error.offline": "Pas de connexion : réessayez une fois de retour en ligne.",
    "error.generic": "Cela n'a pas marché : {detail}",
    stale: "La table a avancé avant votre action. L'écran est à jour : vérifiez et choisissez à nouveau.",
    "confirm.ok": "Confirmer", "confirm.cancel": "Annuler",
    "confirm.start": "Lancer la partie ? Plus personne ne pourra rejoindre ensuite.",
    "home.tagline": "Des jeux de zombies autour d'une vraie table : l'app garde les cartes cachées, les comptes et les règles.",
    "home.new": "Nouvelle table", "home.game": "Jeu", "home.variant": "Variante", "home.variant.none": "Standard",
    "home.players": "{min} à {max} joueurs", "home.create": "Ouvrir la table",
    "home.join": "Rejoindre une table", "home.code": "Code de la table", "home.code.hint": "6 lettres ou chiffres, comme sur l'écran de table.",
    "home.join.go": "Rejoindre", "home.mine": "Vos tables", "home.mine.host": "Écran de table", "home.mine.seat": "Ma place",
    "table.title": "Table {code}", "table.scan": "Scannez pour rejoindre", "table.or": "ou ouvrez",
    "table.players": "Joueurs", "table.nobody": "Personne encore : scannez le QR code.",
    "seat.online": "connecté", "seat.offline": "déconnecté", "seat.you": "vous",
    "table.undo": "Annuler la dernière action", "table.reissue": "Nouveau QR pour {name}",
    "table.reissue.confirm": "Donner la place de {name} à un nouveau téléphone ? L'ancien ne marchera plus à cette table. C'est définitif.",
    "table.claim": "{name} : scannez ceci avec le nouveau téléphone", "table.claim.done": "Terminé",
    "table.commitment": "Engagement de la graine (SHA-256)",
    "table.commitment.help": "Fixé avant la partie. La graine est révélée à la fin : chacun peut vérifier qu'aucun paquet n'a été arrangé.",
    "table.seed": "Graine", "table.export": "Télécharger l'export",
    "table.verify": "Puis lancez : tableapp verify export.json",
    "table.log": "Journal", "table.now": "Maintenant", "table.spectator": "Vue spectateur : les commandes de l'hôte sont sur l'appareil qui a ouvert la table.",
    "table.myseat": "Ma place à cette table", "table.host": "Écran de table", "table.takeseat": "Prendre une place sur cet appareil",
    "join.title": "Rejoindre la table {code}", "join.name": "Votre nom", "join.name.hint": "1 à 40 caractères.",
    "join.colour": "Votre couleur", "join.submit": "Prendre place", "join.taken": "prise",
    "join.started": "La partie a déjà commencé. Si votre téléphone est perdu, demandez un nouveau QR code à l'hôte.",
    "join.finished": "Cette partie est terminée.",
    "lobby.you": "Vous êtes à table.", "lobby.wait": "En attente du lancement par l'hôte.", "lobby.players": "À table",
    "player.yourturn": "À vous", "player.waiting": "En attente de {names}", "player.actions": "Votre coup",
    "player.none": "Rien à faire pour l'instant.", "player.undo": "Annuler ma dernière action",
    "player.private": "Vous seul voyez ceci", "player.table": "La table",
    "action.send": "Jouer", "action.pick": "Choisissez de {min} à {max}", "action.between": "de {min} à {max}",
    "action.corrections": "Corriger un compte (la table a raison)",
    "log.private": "vous seul", "log.undone": "annulé", "log.rule": "Règle {rule}", "log.empty": "Rien pour l'instant.",
    "revoked": "Cette place a été donnée à un autre téléphone. Demandez à l'hôte si c'est une erreur.",
    "gone": "Il n'y a pas de table {code}.", "host": "Hôte",
    "end.title": "Partie terminée", "end.winner": "gagnant", "end.points": "{n} pts",
    "end.chart": "Points par joueur, par partie du jeu", "end.home": "Accueil",
    "game.state": "État du jeu",
    orange: "orange", sky: "bleu ciel", green: "vert", yellow: "jaune", blue: "bleu",
    vermilion: "vermillon", purple: "violet", grey: "gris",
  },
};

let current = pick();
const listeners = new Set();

function pick() {
  const saved = getPref("lang", null);
  if (saved in STRINGS) return saved;
  const wanted = [...(navigator.languages || []), navigator.language || "en"];
  return wanted.some((l) => String(l).toLowerCase().startsWith("fr")) ? "fr" : "en";
}

/** The text for ``key`` in the current language, ``{name}`` placeholders filled in. */
export function t(key, vars = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

export const lang = () => current;

export function setLang(next) {
  if (!(next in STRINGS) || next === current) return;
  current = next;
  setPref("lang", next);
  document.documentElement.lang = next;
  for (const listener of listeners) listener(next);
}

export function onLangChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Game renderers bring their own strings: addStrings({en: {...}, fr: {...}}). */
export function addStrings(more) {
  for (const [code, table] of Object.entries(more)) Object.assign(STRINGS[code] || {}, table);
}
