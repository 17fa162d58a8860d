import QRCode from "qrcode";

// An article's address never changes: each code is made once (a few hundred are plenty to keep).
const madeCodes = new Map<string, Promise<string>>();
const maxKeptCodes = 500;

/** A QR code of `url` as an SVG document (black on white), for the printed article. */
export function qrCodeSvg(url: string): Promise<string> {
  let svg = madeCodes.get(url);
  if (!svg) {
    if (madeCodes.size >= maxKeptCodes) madeCodes.clear();
    svg = QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
    svg.catch(() => madeCodes.delete(url));
    madeCodes.set(url, svg);
  }
  return svg;
}
