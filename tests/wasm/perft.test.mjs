// Every perft row of tests/data/perft.json (exported to data.json) counted by the wasm build.
import test from "node:test";
import assert from "node:assert/strict";
import { DATA, stich, dealOf, perft } from "./helpers.mjs";

const api = await stich();

for (const row of DATA.perft) {
    let name = `${row.game} ${row.options || "defaults"} seed ${row.seed} dealer ${row.dealer} ${row.moves.length} moves depth ${row.depth}`;
    // A full-deal text leaves the talon's draw order to the reader: where that changes the count,
    // the native engine's count of the same text (text_leaves) is checked instead of the row's.
    if (row.text_leaves !== null) name += ` (the text's talon order: ${row.text_leaves} native, ${row.leaves} recorded)`;
    test(name, () => {
        const s = dealOf(api, row);
        assert.equal(perft(s, row.depth), row.text_leaves ?? row.leaves);
        s.free();
    });
}
