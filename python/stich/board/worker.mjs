// The static board's Web Worker (docs/wasm.md, "The static board"): every computation of the page
// runs here, on stich.mjs, so that the page never freezes. Each request names the whole line
// ({ game, options, seed, dealer, actions: [ids] }) and the worker replays it: the page can
// terminate a worker at any moment (to cancel an analysis) and ask a new one.
import { load } from "./stich/stich.mjs";

const stich = await load();

function replay({ game, options, seed, dealer, actions }) {
    const g = stich.game(game, options);
    try {
        const s = g.deal(BigInt(seed), dealer);
        for (const id of actions) s.apply(id);
        return s;
    } finally {
        g.free();
    }
}

function boardData(s, line) {
    const terminal = s.isTerminal;
    const history = [];
    const walk = replay({ ...line, actions: [] });
    for (const id of line.actions) {
        history.push({ seat: walk.currentPlayer, action: walk.actionText(id) });
        walk.apply(id);
    }
    walk.free();
    return {
        text: s.text, phase: s.phase, terminal, toAct: s.currentPlayer, numPlayers: s.numPlayers,
        hands: Array.from({ length: s.numPlayers }, (_, seat) => s.hand(seat)),
        legal: s.actions(), returns: terminal ? s.returns() : null, history,
        solvable: !terminal && s.phase === "play", position: terminal ? null : s.positionText(s.currentPlayer),
    };
}

const ops = {
    games: () => ({ games: stich.games, version: stich.version }),
    board: (line) => {
        const s = replay(line);
        try { return boardData(s, line); } finally { s.free(); }
    },
    solve: (line) => {
        const s = replay(line);
        try { return s.solve(); } finally { s.free(); }
    },
    // The view analysis: stich.analyse where the build has it, else ISMCTS for the same seconds.
    analyse: ({ line, seconds, method }) => {
        const s = replay(line);
        try {
            try {
                return s.analyse({ seconds, method });
            } catch (e) {
                if (!/not in this build/.test(e.message)) throw e;
                return s.ismcts({ seconds });
            }
        } finally {
            s.free();
        }
    },
};

self.onmessage = ({ data: { id, op, args } }) => {
    try {
        self.postMessage({ id, ok: true, value: ops[op](args) });
    } catch (e) {
        self.postMessage({ id, ok: false, error: e.message });
    }
};
self.postMessage({ ready: true });
