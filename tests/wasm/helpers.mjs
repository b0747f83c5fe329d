// Shared by the node suites of tests/wasm/ (docs/wasm.md, "Tests"): the module built by
// tools/wasm.sh (in $STICH_WASM_DIR, else build/wasm), the recorded data tools/wasm_testdata.py
// exports (data.json), and perft over the module's API.
import { readFileSync, existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const WASM_DIR = path.resolve(process.env.STICH_WASM_DIR ?? path.join(ROOT, "build", "wasm"));
export const DATA = JSON.parse(readFileSync(path.join(ROOT, "tests", "wasm", "data.json"), "utf8"));

let loaded;
/** The module, loaded once per test file. */
export async function stich() {
    if (!loaded) {
        const file = path.join(WASM_DIR, "stich.mjs");
        if (!existsSync(file)) throw new Error(`no ${file}: build it with  bash tools/wasm.sh ${WASM_DIR}  (or set STICH_WASM_DIR)`);
        const { load } = await import(pathToFileURL(file).href);
        loaded = await load();
    }
    return loaded;
}

/** A row's state: the deal by its record text (rows pinning more than the hands, e.g. Mistigri's
 *  turned card: the record holds every card as dealt) or by (game, options, seed, dealer, hands),
 *  with its moves applied. */
export function dealOf(api, row) {
    let s;
    if (row.record) {
        const records = api.readRecords(row.record);
        try {
            s = records.state(0, 0);
        } finally {
            records.free();
        }
    } else {
        const g = api.game(row.game, row.options);
        try {
            s = g.deal(row.seed, row.dealer, row.hands ?? undefined);
        } finally {
            g.free();
        }
    }
    for (const m of row.moves) s.apply(m);
    return s;
}

/** The leaves of the tree of legal actions to `depth` (a finished deal is one leaf), as stich.perft. */
export function perft(s, depth) {
    if (depth === 0 || s.isTerminal) return 1;
    const legal = s.legalActions();
    if (depth === 1) return legal.length;
    let n = 0;
    for (const a of legal) {
        const child = s.clone();
        child.apply(a);
        n += perft(child, depth - 1);
        child.free();
    }
    return n;
}
