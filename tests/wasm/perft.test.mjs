// Every perft row of tests/data/perft.json (exported to data.json) counted by the wasm build.
import test from "node:test";
import assert from "node:assert/strict";
import { DATA, stich, dealOf, perft } from "./helpers.mjs";

const api = await stich();

for (const row of DATA.perft) {
    const name = `${row.game} ${row.options || "defaults"} seed ${row.seed} dealer ${row.dealer} ${row.moves.length} moves depth ${row.depth}`;
    const pinned = Object.keys(row.pins);
    // The C ABI deals from (seed, dealer, hands); the other pins need the game records (stich_records_read).
    test(name, { skip: pinned.length ? `the C ABI cannot pin ${pinned.join(", ")} at the deal` : false }, () => {
        const s = dealOf(api, row);
        assert.equal(perft(s, row.depth), row.leaves);
        s.free();
    });
}
