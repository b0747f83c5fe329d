// Every perft row of tests/data/perft.json (exported to data.json) counted by the wasm build.
import test from "node:test";
import assert from "node:assert/strict";
import { DATA, stich, dealOf, perft } from "./helpers.mjs";

const api = await stich();

for (const row of DATA.perft) {
    let name = `${row.game} ${row.options || "defaults"} seed ${row.seed} dealer ${row.dealer} ${row.moves.length} moves depth ${row.depth}`;
    if (row.record) name += " (from its record)";
    test(name, () => {
        const s = dealOf(api, row);
        assert.equal(perft(s, row.depth), row.leaves);
        s.free();
    });
}
