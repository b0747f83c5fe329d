// The bench signature (docs/bench.md, stich.bench.signature): every bench position searched by
// ISMCTS with the signature's fixed budget, seed and one thread; the wasm build's root visit counts
// must give the checksum the native build recorded.
import test from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DATA, ROOT, stich, dealOf } from "./helpers.mjs";

function recordedSignature() {
    const text = readFileSync(path.join(ROOT, "docs", "bench.md"), "utf8").split(/\s+/).join(" ");
    const match = /signature `(\d+ iterations, checksum [0-9a-f]{16})`/.exec(text);
    assert.ok(match, "docs/bench.md records no bench signature");
    return match[1];
}

test("the bench signature equals the native build's", async () => {
    const api = await stich();
    const { positions, iterations, threads, seed } = DATA.bench;
    const digest = createHash("sha256");
    let total = 0;
    for (const p of positions) {
        const s = dealOf(api, p);
        const r = s.ismcts({ iterations, threads, seed });
        total += r.table.reduce((n, row) => n + row.visits, 0);   // an iteration visits one root action
        for (const row of [...r.table].sort((a, b) => a.id - b.id)) digest.update(`${p.name}|${row.action}|${row.visits};`);
        s.free();
    }
    assert.equal(`${total} iterations, checksum ${digest.digest("hex").slice(0, 16)}`, recordedSignature());
});
