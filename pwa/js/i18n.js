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
    "home.join.go": "Join", "home.mine": "Your tables and games",
    "home.pack": "Cards", "home.pack.file": "Your own box's pack file (optional)",
    "home.pack.hint": "The built-in cards are reconstructed from the rules. To play with your box's, edit a pack file, then load it.",
    "home.pack.download": "download the built-in pack", "home.pack.notjson": "That file is not a pack file (JSON).",
    "table.pack.custom": "custom cards", "home.past.nowinner": "nobody won", "home.mine.host": "Table screen", "home.mine.seat": "My seat",
    "table.title": "Table {code}", "table.scan": "Scan to join", "table.or": "or open",
    "table.lostphone": "Lost phone? The host gives its seat a new QR code.", "table.ruling": "Last ruling",
    "table.players": "Players", "table.nobody": "Nobody yet: scan the QR code.",
    "seat.online": "connected", "seat.offline": "not connected", "seat.you": "you",
    "table.undo": "Undo the last action", "table.reissue": "New QR for {name}",
    "table.reissue.confirm": "Give {name}'s seat to a new phone? Their old phone stops working at this table. This cannot be undone.",
    "table.claim": "{name}: scan this with the new phone", "table.claim.done": "Done",
    "table.commitment": "Seed commitment (SHA-256)",
    "table.commitment.help": "Fixed before play. The seed is revealed at the end, so anyone can check that no deck was stacked.",
    "table.log_head": "Log head (SHA-256 chain)",
    "table.log_head.help": "Changes with every entry of the log. tableapp verify prints the last one: an export with an entry removed ends on another.",
    "end.log_head": "Final log head", "log.head": "log head {head}",
    "table.seed": "Seed", "table.export": "Download the export",
    "table.verify": "Then run: tableapp verify export.json",
    "table.log": "Log", "table.now": "Now", "table.spectator": "Spectator view: the host's controls are on the device that opened the table.",
    "table.myseat": "My seat at this table", "table.host": "Table screen", "table.takeseat": "Take a seat on this device",
    "join.title": "Join table {code}", "join.name": "Your name", "join.name.hint": "1 to 40 characters.",
    "join.name.refused": "That name cannot be used: 1 to 40 characters, starting with a visible one, with no invisible or control characters.",
    "join.colour": "Your colour", "join.submit": "Take a seat", "join.taken": "taken",
    "join.started": "This game has already started. If your phone was lost, ask the host for a new QR code.",
    "join.finished": "This game is over.",
    "lobby.you": "You are at the table.", "lobby.wait": "Waiting for the host to start.", "lobby.players": "At the table",
    "player.yourturn": "Over to you", "player.waiting": "Waiting for {names}", "player.actions": "Your move",
    "player.none": "Nothing to do right now.", "player.undo": "Undo my last action",
    "player.private": "Only you see this", "player.table": "The table",
    "action.submit": "Confirm", "action.submit.chosen": "Confirm: {chosen}", "action.pick.none": "None", "action.pick.one": "choose one", "action.pick.exactly": "choose {n}",
    "action.pick.upto": "up to {max}", "action.pick.range": "choose {min} to {max}", "action.pick.any": "choose any",
    "action.corrections": "Correct a count (the table is the truth)",
    "log.private": "only you", "log.undone": "undone", "log.rule": "Rule {rule}", "log.empty": "Nothing yet.",
    "revoked": "This seat was given to another phone. Ask the host if that is a mistake.",
    "revoked.moved": "The host moved your seat to a new phone: this phone no longer plays at this table.",
    "revoked.help": "If that is a mistake, ask the host for a new QR code for your seat.",
    "player.undo.ask": "Ask to undo my last action",
    "undo.waiting": "Waiting for another player's OK",
    "undo.waiting.help": "It showed you something, so another player has to agree; once undone, what you saw is shown to everyone. The game waits.",
    "undo.asked.help": "It showed {name} something the others have not seen. If you agree, the action is taken back and what {name} saw is shown to everyone. The game waits for the first answer.",
    "action.approve_undo": "Agree: undo it", "action.refuse_undo": "Refuse", "action.cancel_undo": "Withdraw my request",
    "end.contribution.ok": "Your phone's random contribution is in the seed this game was played with.",
    "end.contribution.bad": "Your phone's random contribution is NOT in the seed this game was played with: do not trust this table's draws.",
    "gone": "There is no table {code}.", "host": "Host",
    "end.title": "Game over", "end.rematch": "Play again (same game, options and cards)",
    "end.rematch.go": "Go to the new table", "end.rematch.take": "Play again: take my seat at the new table",
    "end.rematch.mine": "Play again: back to my seat", "end.winner": "winner", "end.points": "{n} pts", "end.point": "{n} pt",
    "end.chart": "Points per player, by part of the game", "end.home": "Home",
    // End screens follow the game's outcome (a team result, winners and the rest, a ranking);
    // the table screen says turns, moments and the end aloud.
    "end.team.won": "The team wins", "end.team.lost": "The team loses", "end.team": "The team",
    "end.won": "Winners", "end.lost": "Everyone else loses", "end.nobody": "Nobody wins: everyone loses",
    "end.part": "{part}: {n}",
    "speech.toggle": "Say it aloud", "speech.turn": "Over to {names}.",
    "speech.end.winner": "Game over. {names} wins.", "speech.end.winners": "Game over. {names} win.",
    "speech.end.nobody": "Game over. Nobody wins.",
    "speech.end.team.won": "Game over. The team has won.", "speech.end.team.lost": "Game over. The team has lost.",
    "game.state": "Game state",
    "moment.ok": "OK", "moment.player": "Player", "moment.round": "This round", "moment.total": "Total",
    "moment.board": "On the board",
    orange: "orange", sky: "sky blue", green: "green", yellow: "yellow", blue: "blue",
    vermilion: "vermilion", purple: "purple", grey: "grey",
  },
  fr: {
    "lang.other": "EN", "lang.other.name": "English",
    loading: "Chargement…",
    "conn.live": "en direct", "conn.connecting": "connexion…", "conn.reconnecting": "reconnexion…",
    "banner.reconnecting": "Connexion perdue : reconnexion…",
    "banner.offline": "Vous êtes hors ligne : reconnexion dès le retour du réseau…",
    "banner.shell": "Vous êtes hors ligne. Cet écran vient du téléphone ; les tables ont besoin du réseau.",
    "error.offline": "Pas de connexion : réessayez une fois de retour en ligne.",
    "error.generic": "Cela n'a pas marché : {detail}",
    stale: "La table a avancé avant votre action. L'écran est à jour : vérifiez et choisissez à nouveau.",
    "confirm.ok": "Confirmer", "confirm.cancel": "Annuler",
    "confirm.start": "Lancer la partie ? Plus personne ne pourra rejoindre ensuite.",
    "home.tagline": "Des jeux de zombies autour d'une vraie table : l'app garde les cartes cachées, les comptes et les règles.",
    "home.new": "Nouvelle table", "home.game": "Jeu", "home.variant": "Variante", "home.variant.none": "Standard",
    "home.players": "{min} à {max} joueurs", "home.create": "Ouvrir la table",
    "home.join": "Rejoindre une table", "home.code": "Code de la table", "home.code.hint": "6 lettres ou chiffres, comme sur l'écran de table.",
    "home.join.go": "Rejoindre", "home.mine": "Vos tables et parties",
    "home.pack": "Cartes", "home.pack.file": "Le fichier de cartes de votre boîte (facultatif)",
    "home.pack.hint": "Les cartes intégrées sont reconstituées d'après les règles. Pour jouer avec celles de votre boîte, modifiez un fichier de cartes, puis chargez-le.",
    "home.pack.download": "télécharger les cartes intégrées", "home.pack.notjson": "Ce fichier n'est pas un fichier de cartes (JSON).",
    "table.pack.custom": "cartes personnalisées", "home.past.nowinner": "personne n'a gagné", "home.mine.host": "Écran de table", "home.mine.seat": "Ma place",
    "table.title": "Table {code}", "table.scan": "Scannez pour rejoindre", "table.or": "ou ouvrez",
    "table.lostphone": "Téléphone perdu ? L'hôte donne un nouveau QR code à sa place.", "table.ruling": "Dernière décision",
    "table.players": "Joueurs", "table.nobody": "Personne encore : scannez le QR code.",
    "seat.online": "connecté", "seat.offline": "déconnecté", "seat.you": "vous",
    "table.undo": "Défaire la dernière action", "table.reissue": "Nouveau QR pour {name}",
    "table.reissue.confirm": "Donner la place de {name} à un nouveau téléphone ? L'ancien ne marchera plus à cette table. C'est définitif.",
    "table.claim": "{name} : scannez ceci avec le nouveau téléphone", "table.claim.done": "Terminé",
    "table.commitment": "Engagement de la graine (SHA-256)",
    "table.commitment.help": "Fixé avant la partie. La graine est révélée à la fin : chacun peut vérifier qu'aucun paquet n'a été arrangé.",
    "table.log_head": "Tête du journal (chaîne SHA-256)",
    "table.log_head.help": "Change à chaque entrée du journal. tableapp verify affiche la dernière : un export dont on a retiré une entrée finit sur une autre.",
    "end.log_head": "Tête finale du journal", "log.head": "tête du journal {head}",
    "table.seed": "Graine", "table.export": "Télécharger l'export",
    "table.verify": "Puis lancez : tableapp verify export.json",
    "table.log": "Journal", "table.now": "Maintenant", "table.spectator": "Vue spectateur : les commandes de l'hôte sont sur l'appareil qui a ouvert la table.",
    "table.myseat": "Ma place à cette table", "table.host": "Écran de table", "table.takeseat": "Prendre une place sur cet appareil",
    "join.title": "Rejoindre la table {code}", "join.name": "Votre nom", "join.name.hint": "1 à 40 caractères.",
    "join.name.refused": "Ce nom ne peut pas servir : de 1 à 40 caractères, en commençant par un caractère visible, sans caractère invisible ni de contrôle.",
    "join.colour": "Votre couleur", "join.submit": "Prendre place", "join.taken": "prise",
    "join.started": "La partie a déjà commencé. Si votre téléphone est perdu, demandez un nouveau QR code à l'hôte.",
    "join.finished": "Cette partie est terminée.",
    "lobby.you": "Vous êtes à table.", "lobby.wait": "En attente du lancement par l'hôte.", "lobby.players": "À table",
    "player.yourturn": "À vous", "player.waiting": "En attente de {names}", "player.actions": "Votre coup",
    "player.none": "Rien à faire pour l'instant.", "player.undo": "Défaire ma dernière action",
    "player.private": "Vous seul voyez ceci", "player.table": "La table",
    "action.submit": "Valider", "action.submit.chosen": "Valider : {chosen}", "action.pick.none": "Aucun", "action.pick.one": "choisissez-en un", "action.pick.exactly": "choisissez-en {n}",
    "action.pick.upto": "jusqu'à {max}", "action.pick.range": "choisissez-en de {min} à {max}", "action.pick.any": "autant que vous voulez",
    "action.corrections": "Corriger un compte (la table a raison)",
    "log.private": "vous seul", "log.undone": "défait", "log.rule": "Règle {rule}", "log.empty": "Rien pour l'instant.",
    "revoked": "Cette place a été donnée à un autre téléphone. Demandez à l'hôte si c'est une erreur.",
    "revoked.moved": "L'hôte a déplacé votre place sur un nouveau téléphone : ce téléphone ne joue plus à cette table.",
    "revoked.help": "Si c'est une erreur, demandez à l'hôte un nouveau QR code pour votre place.",
    "player.undo.ask": "Demander à défaire ma dernière action",
    "undo.waiting": "En attente de l'accord d'un autre joueur",
    "undo.waiting.help": "Elle vous a montré quelque chose : un autre joueur doit être d'accord, et une fois défaite, ce que vous avez vu est montré à tous. La partie attend.",
    "undo.asked.help": "Elle a montré à {name} quelque chose que les autres n'ont pas vu. Si vous acceptez, l'action est défaite et ce que {name} a vu est montré à tous. La partie attend la première réponse.",
    "action.approve_undo": "D'accord : la défaire", "action.refuse_undo": "Refuser", "action.cancel_undo": "Retirer ma demande",
    "end.contribution.ok": "La contribution aléatoire de votre téléphone est bien dans la graine de cette partie.",
    "end.contribution.bad": "La contribution aléatoire de votre téléphone n'est PAS dans la graine de cette partie : ne vous fiez pas aux tirages de cette table.",
    "gone": "Il n'y a pas de table {code}.", "host": "Hôte",
    "end.title": "Partie terminée", "end.rematch": "Rejouer (même jeu, mêmes options et cartes)",
    "end.rematch.go": "Aller à la nouvelle table", "end.rematch.take": "Rejouer : reprendre ma place à la nouvelle table",
    "end.rematch.mine": "Rejouer : retour à ma place", "end.winner": "a gagné", "end.points": "{n} pts", "end.point": "{n} pt",
    "end.chart": "Points par joueur, par partie du jeu", "end.home": "Accueil",
    "end.team.won": "L'équipe gagne", "end.team.lost": "L'équipe perd", "end.team": "L'équipe",
    "end.won": "Victoire", "end.lost": "Tous les autres perdent", "end.nobody": "Personne ne gagne : tout le monde perd",
    "end.part": "{part} : {n}",
    "speech.toggle": "Annoncer à voix haute", "speech.turn": "À {names} de jouer.",
    "speech.end.winner": "Partie terminée. {names} gagne.", "speech.end.winners": "Partie terminée. {names} gagnent.",
    "speech.end.nobody": "Partie terminée. Personne ne gagne.",
    "speech.end.team.won": "Partie terminée. L'équipe a gagné.", "speech.end.team.lost": "Partie terminée. L'équipe a perdu.",
    "game.state": "État du jeu",
    "moment.ok": "OK", "moment.player": "Joueur", "moment.round": "Cette manche", "moment.total": "Total",
    "moment.board": "Sur le plateau",
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

/** Whether a text exists for ``key``. */
export const has = (key) => key in STRINGS[current] || key in STRINGS.en;

/** The text for ``key`` in the current language, ``{name}`` placeholders filled in. */
export function t(key, vars = {}) {
  let text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  if (current === "fr") text = elided(text, vars);
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

/** "Label: value" the language's way (French: a no-break space before the colon); for texts
 * put together in code, where no catalogue string can carry the space. */
export function labelled(label, value = "") {
  const colon = current === "fr" ? "\u00a0: " : ": ";
  return `${label}${colon}${value}`;
}

/** French elision before a name that starts with a vowel: "la place de {name}" with Owen is
 * "la place d'Owen", "que {name}" "qu'Owen" (as the server's texts do). */
export function elided(text, vars) {
  return text.replace(/(^|[\s(«\u00a0])([Dd]|[Qq]u)e \{(\w+)\}/g, (all, before, stem, name) =>
    (/^[aeiouàâäéèêëîïôöûüùœæ]/i.test(String(vars[name] ?? "")) ? `${before}${stem}'{${name}}` : all));
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

/** Every UI string of a language (tests compare the languages with it). */
export const strings = (code) => ({ ...(STRINGS[code] || {}) });
