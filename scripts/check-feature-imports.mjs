// The features of app/server/<feature>/ may use one another, but never both ways round: a cycle
// between two features (articles importing comments while comments imports articles) means neither
// can be read, tested or moved on its own. Run by `npm run lint`; prints each cycle and the imports
// that make it, and exits 1 when there is one. core/ and db/ sit below every feature (the linter
// keeps them so); tests are left out.
import fs from "node:fs";
import path from "node:path";

const serverDir = path.resolve(import.meta.dirname, "../app/server");
const below = new Set(["core", "db"]);
const importPattern = /(?:from|import)\s*\(?\s*"#app\/server\/([a-z0-9-]+)\/([^"]+)"/g;

/** feature -> (feature it imports -> the first file and module that does). */
const graph = new Map();
for (const feature of fs.readdirSync(serverDir)) {
  const folder = path.join(serverDir, feature);
  if (below.has(feature) || !fs.statSync(folder).isDirectory()) continue;
  const edges = new Map();
  graph.set(feature, edges);
  for (const file of fs.readdirSync(folder, { recursive: true })) {
    if (!/\.(ts|tsx|mjs)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const text = fs.readFileSync(path.join(folder, file), "utf8");
    for (const [, target, module] of text.matchAll(importPattern)) {
      if (target !== feature && !below.has(target) && !edges.has(target))
        edges.set(target, `app/server/${feature}/${file} imports #app/server/${target}/${module}`);
    }
  }
}

const cycles = [];
const state = new Map(); // feature -> "visiting" | "done"
function visit(feature, trail) {
  state.set(feature, "visiting");
  for (const next of graph.get(feature)?.keys() ?? []) {
    if (state.get(next) === "visiting") cycles.push([...trail.slice(trail.indexOf(next)), feature, next]);
    else if (!state.has(next)) visit(next, [...trail, feature]);
  }
  state.set(feature, "done");
}
for (const feature of [...graph.keys()].sort()) if (!state.has(feature)) visit(feature, []);

if (cycles.length === 0) {
  console.log(`feature imports: ${graph.size} features, no cycle`);
} else {
  for (const cycle of cycles) {
    const unique = cycle.filter((feature, index) => index === 0 || feature !== cycle[index - 1]);
    console.error(`Features import each other: ${unique.join(" -> ")}`);
    for (let index = 0; index < unique.length - 1; index += 1) console.error(`  ${graph.get(unique[index]).get(unique[index + 1])}`);
  }
  console.error("Move what both need into the lower feature (or core/), so the arrow points one way.");
  process.exit(1);
}
