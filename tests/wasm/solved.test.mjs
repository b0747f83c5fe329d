// Every row of tests/data/solved.json (exported to data.json): the open-hand solve of the first
// card of a seeded deal gives the values the native engine recorded.
import test from "node:test";
import assert from "node:assert/strict";
import { DATA, stich, dealOf } from "./helpers.mjs";

const api = await stich();

for (const row of DATA.solved) {
    test(`${row.game} ${row.options || "defaults"} seed ${row.seed}`, () => {
        const s = dealOf(api, { ...row, hands: null, moves: [] });
        try {
            assert.deepEqual(Array.from({ length: s.numPlayers }, (_, seat) => s.hand(seat)), row.hands, "the seeded shuffle changed");
            for (const m of row.moves) s.apply(m);
            assert.equal(s.phase, "play");
            assert.equal(s.currentPlayer, row.to_act);
            const sol = s.solve();
            assert.equal(sol.method, "solve");
            assert.deepEqual(sol.values, row.values);
            const best = Math.max(...Object.values(row.values));
            assert.equal(row.values[sol.bestText], best);
        } finally {
            s.free();
        }
    });
}
