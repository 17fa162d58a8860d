import sharp from "sharp";

/**
 * Renders a simple, offline cover image for demo articles: a gradient derived
 * from `hue`, a few education-themed shapes (books, a pencil, circles) and the
 * label in large sans-serif text. Returns JPEG bytes.
 */

function clampHue(hue: number): number {
  const h = Number.isFinite(hue) ? hue % 360 : 0;
  return h < 0 ? h + 360 : h;
}

/** HSL (h 0..360, s/l 0..100) to a #rrggbb hex string. */
function hsl(h: number, s: number, l: number): string {
  const hue = clampHue(h);
  const sat = Math.max(0, Math.min(100, s)) / 100;
  const lig = Math.max(0, Math.min(100, l)) / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const toHex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${toHex(f(0))}${toHex(f(8))}${toHex(f(4))}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** Greedy word wrap by an approximate character budget per line (max 3 lines). */
function wrapLabel(label: string, maxChars: number): string[] {
  const words = label.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (next.length > maxChars && current) {
      lines.push(current);
      current = word;
    } else {
      current = next;
    }
  }
  if (current) lines.push(current);
  if (lines.length > 3) {
    const head = lines.slice(0, 2);
    head.push(lines.slice(2).join(" "));
    return head;
  }
  return lines.length ? lines : [""];
}

export function buildCoverSvg(opts: { hue: number; label: string; width?: number; height?: number }): string {
  const width = Math.max(64, Math.round(opts.width ?? 1200));
  const height = Math.max(36, Math.round(opts.height ?? 675));
  const hue = clampHue(opts.hue);
  const s = Math.min(width / 1200, height / 675);

  const c1 = hsl(hue, 62, 30);
  const c2 = hsl(hue + 35, 58, 46);
  const accent = hsl(hue + 180, 70, 62);
  const soft = hsl(hue + 20, 45, 80);
  const book1 = hsl(hue - 25, 55, 55);
  const book2 = hsl(hue + 60, 50, 60);
  const book3 = hsl(hue + 200, 45, 58);

  // Label layout
  // Shrink the font until the label fits in at most three lines on the left
  // ~58% of the canvas (the right side holds the books and pencil).
  let fontSize = Math.round(76 * s);
  let lines: string[] = [];
  for (let size = 76; size >= 40; size -= 6) {
    fontSize = Math.round(size * s);
    const maxChars = Math.max(6, Math.floor((width * 0.58) / (fontSize * 0.64)));
    lines = wrapLabel(opts.label, maxChars);
    if (lines.length <= 3 && lines.every((l) => l.length <= maxChars)) break;
  }
  const lineHeight = Math.round(fontSize * 1.15);
  const textX = Math.round(72 * s);
  const blockHeight = lineHeight * lines.length;
  const firstBaseline = Math.round(height * 0.52 - blockHeight / 2 + fontSize * 0.85);
  const tspans = lines.map((line, i) => `<tspan x="${textX}" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`).join("");
  const underlineY = firstBaseline + (lines.length - 1) * lineHeight + Math.round(32 * s);

  // Shapes on the right-hand side: a stack of books and a pencil.
  const bx = width - Math.round(360 * s);
  const by = height - Math.round(120 * s);
  const bw = Math.round(260 * s);
  const bh = Math.round(46 * s);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${c1}"/>
      <stop offset="1" stop-color="${c2}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0.15" r="0.6">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>

  <circle cx="${Math.round(width * 0.9)}" cy="${Math.round(height * 0.12)}" r="${Math.round(150 * s)}" fill="${soft}" fill-opacity="0.18"/>
  <circle cx="${Math.round(width * 0.06)}" cy="${Math.round(height * 0.92)}" r="${Math.round(190 * s)}" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="${Math.round(width * 0.72)}" cy="${Math.round(height * 0.3)}" r="${Math.round(38 * s)}" fill="none" stroke="${accent}" stroke-opacity="0.7" stroke-width="${Math.max(2, Math.round(6 * s))}"/>
  <circle cx="${Math.round(width * 0.64)}" cy="${Math.round(height * 0.18)}" r="${Math.round(12 * s)}" fill="${accent}" fill-opacity="0.8"/>

  <g opacity="0.92">
    <rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="${Math.round(6 * s)}" fill="${book1}"/>
    <rect x="${bx + Math.round(8 * s)}" y="${by + Math.round(10 * s)}" width="${Math.round(10 * s)}" height="${bh - Math.round(20 * s)}" fill="#ffffff" fill-opacity="0.5"/>
    <rect x="${bx + Math.round(22 * s)}" y="${by - bh}" width="${bw - Math.round(34 * s)}" height="${bh}" rx="${Math.round(6 * s)}" fill="${book2}"/>
    <rect x="${bx + Math.round(30 * s)}" y="${by - bh + Math.round(10 * s)}" width="${Math.round(10 * s)}" height="${bh - Math.round(20 * s)}" fill="#ffffff" fill-opacity="0.5"/>
    <rect x="${bx - Math.round(10 * s)}" y="${by - 2 * bh}" width="${bw - Math.round(20 * s)}" height="${bh}" rx="${Math.round(6 * s)}" fill="${book3}"/>
    <rect x="${bx - Math.round(2 * s)}" y="${by - 2 * bh + Math.round(10 * s)}" width="${Math.round(10 * s)}" height="${bh - Math.round(20 * s)}" fill="#ffffff" fill-opacity="0.5"/>
  </g>

  <g transform="translate(${bx + Math.round(40 * s)} ${by - 2 * bh - Math.round(40 * s)}) rotate(-18)" opacity="0.95">
    <rect x="0" y="0" width="${Math.round(200 * s)}" height="${Math.round(22 * s)}" fill="#f4c542"/>
    <rect x="${Math.round(-26 * s)}" y="0" width="${Math.round(26 * s)}" height="${Math.round(22 * s)}" fill="#e58fa0"/>
    <rect x="${Math.round(-4 * s)}" y="0" width="${Math.round(8 * s)}" height="${Math.round(22 * s)}" fill="#c9c9c9"/>
    <polygon points="${Math.round(200 * s)},0 ${Math.round(240 * s)},${Math.round(11 * s)} ${Math.round(200 * s)},${Math.round(22 * s)}" fill="#f1dcb5"/>
    <polygon points="${Math.round(228 * s)},${Math.round(7.5 * s)} ${Math.round(240 * s)},${Math.round(11 * s)} ${Math.round(228 * s)},${Math.round(14.5 * s)}" fill="#333333"/>
  </g>

  <text x="${textX}" y="${Math.round(70 * s)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${Math.round(26 * s)}" font-weight="bold" letter-spacing="${Math.round(4 * s)}" fill="#ffffff" fill-opacity="0.75">THE EDUCATOR</text>
  <text font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="bold" fill="#ffffff">${tspans}</text>
  <rect x="${textX}" y="${underlineY}" width="${Math.round(120 * s)}" height="${Math.max(3, Math.round(8 * s))}" rx="${Math.round(4 * s)}" fill="${accent}"/>
</svg>`;
}

export async function renderCoverImage(opts: { hue: number; label: string; width?: number; height?: number }): Promise<Buffer> {
  const svg = buildCoverSvg(opts);
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
