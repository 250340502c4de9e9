// The phone's own help at the table: keep the screen on while a game runs (Screen Wake Lock,
// secure contexts only) and buzz when it becomes your turn.

let sentinel = null;
let wanted = false;
let asking = false;

// body[data-wake-lock]: off, held, refused or unsupported (plain-http pages on a LAN).
const note = (state) => { document.body.dataset.wakeLock = state; };

async function acquire() {
  if (!wanted || sentinel || asking || document.visibilityState !== "visible") return;
  if (!("wakeLock" in navigator)) return note("unsupported");
  asking = true;
  try {
    sentinel = await navigator.wakeLock.request("screen");
    if (!wanted) return keepAwake(false); // the game ended while asking
    note("held");
    sentinel.addEventListener("release", () => {
      sentinel = null;
      note(wanted ? "released" : "off");
    });
  } catch {
    sentinel = null; // refused (battery saver, no permission): the screen may sleep, nothing else
    note("refused");
  } finally {
    asking = false;
  }
}

// The lock is dropped whenever the page is hidden; take it again on return.
document.addEventListener("visibilitychange", acquire);

/** Keep the screen awake while ``on`` (a game is running on this screen). */
export function keepAwake(on) {
  wanted = on;
  if (on) acquire();
  else if (document.body.dataset.wakeLock !== undefined) {
    sentinel?.release().catch(() => {});
    sentinel = null;
    note("off");
  }
}

/** A short buzz (no-op where vibration is not supported). */
export function buzz(pattern = 200) {
  // Browsers refuse (and complain) before the first tap on the page.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    navigator.vibrate?.(pattern);
  } catch {
    /* not allowed before a user gesture: fine */
  }
}

/** Tracks whether the bearer is awaited, and buzzes on the change from "no" to "yes". */
export function turnWatcher() {
  let was = null;
  return (view) => {
    const mine = view.status === "playing" && (view.actions || []).length > 0;
    if (was === false && mine) buzz([120, 60, 120]);
    was = mine;
    return mine;
  };
}
