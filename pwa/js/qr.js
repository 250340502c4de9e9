// QR codes drawn on the device (the vendored qrcode-generator, loaded only when needed): used
// for a re-issued seat, whose URL carries the claim token in its fragment and so must never be
// sent to the server to be drawn. Byte mode, error correction M, like the server's join QR.

import { s } from "./dom.js";

/** An SVG QR code of ``text`` (ASCII: a URL), one dark module per path square. */
export async function qrSvg(text, label) {
  const { default: qrcode } = await import("../vendor/qrcode-generator/qrcode.js");
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const count = code.getModuleCount();
  const border = 2;
  let d = "";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) d += `M${col + border} ${row + border}h1v1h-1z`;
    }
  }
  const size = count + border * 2;
  return s("svg", { class: "qr", viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": label, data: { url: text, modules: count } },
    s("rect", { width: size, height: size, class: "qr-bg" }),
    s("path", { d, class: "qr-fg", "shape-rendering": "crispEdges" }));
}
