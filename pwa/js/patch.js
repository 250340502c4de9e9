// Views as patches: a phone that says ``Prefer: view-patch`` gets each view after its stream's
// first, and its actions' answers, as JSON Patch (RFC 6902) operations against a view it holds
// (the server's tables/patches.py). fast-json-patch (vendored) applies them; it loads on the
// first patch, which only ever comes while the phone is online.

export const PREFER = "view-patch";

let library = null;

/** ``base`` with ``ops`` applied, as a new object (``base`` is left as it is); null when the
 * operations do not apply to it (the phone then fetches its view). */
export async function applied(base, ops) {
  library ??= import("../vendor/fast-json-patch/core.js");
  try {
    const { applyPatch } = await library;
    return applyPatch(base, ops, true, false).newDocument;
  } catch {
    library = null; // a failed load is tried again next time
    return null;
  }
}
