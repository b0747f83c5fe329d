// One round of the wasm side of benchmarks/wasm/vs_native.py: every bench search position searched
// by ISMCTS (ITERATIONS iterations, seed 1, one thread) and every solver row's deals solved open
// handed, each timed in CPU seconds (steadier than the clock on a busy machine); prints one JSON
// object {row: seconds}. The positions and deals are those of
// `stich bench` (exported in tests/wasm/data.json).
//   node benchmarks/wasm/run.mjs WASM_DIR [ITERATIONS]
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const data = JSON.parse(readFileSync(path.join(root, "tests", "wasm", "data.json"), "utf8"));
const [wasmDir, iterationsText = "20000"] = process.argv.slice(2);
const iterations = Number(iterationsText);
const { load } = await import(pathToFileURL(path.resolve(wasmDir, "stich.mjs")).href);
const stich = await load();

function played(game, options, seed, dealer, moves) {
    const g = stich.game(game, options);
    const s = g.deal(seed, dealer);
    g.free();
    for (const m of moves) s.apply(m);
    return s;
}

function cpuSeconds() {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
}

// Every row once unmeasured first (stich bench's warm-up): V8 compiles a wasm function with its
// baseline compiler and optimises it once it is hot, so the first calls of each game's code are slower.
let out = {};
for (let round = 0; round < 2; ++round) {   // the first round is the warm-up
    out = {};
    for (const p of data.bench.positions) {
        const s = played(p.game, p.options, p.seed, p.dealer, p.moves);
        const t = cpuSeconds();
        s.ismcts({ iterations, seed: 1 });
        out[`search: ${p.name}`] = cpuSeconds() - t;
        s.free();
    }
    for (const row of data.solve_bench) {
        const states = row.deals.map((d) => played(row.game, row.options, d.seed, d.dealer, d.moves));
        const t = cpuSeconds();
        for (const s of states) s.solve();
        out[`solve: ${row.name}`] = cpuSeconds() - t;
        for (const s of states) s.free();
    }
}
console.log(JSON.stringify(out));
