// The static board's Web Worker (docs/wasm.md, "The static board"): every computation of the page
// runs here, on stich.mjs, so that the page never freezes. Each request names the whole line
// ({ start, actions: [ids] }, start one of { kind: "deal", game, options, seed, dealer, hands },
// { kind: "records", text, index }, { kind: "position", text }) and the worker replays it: the page
// can terminate a worker at any moment (to cancel an analysis) and ask a new one.
import { load } from "./stich/stich.mjs";

const stich = await load();

// The state the line starts from (a new handle), and the seed of its deal where it has one.
function start(s) {
    if (s.kind === "deal") {
        const g = stich.game(s.game, s.options);
        try {
            const hands = s.hands && s.hands.some((h) => h) ? s.hands : undefined;
            return g.deal(BigInt(s.seed), s.dealer, hands);
        } finally {
            g.free();
        }
    }
    if (s.kind === "records") {
        const records = stich.readRecords(s.text);
        try {
            return records.state(s.index, 0);
        } finally {
            records.free();
        }
    }
    if (s.kind === "position") {
        // A full deal (every hand given: docs/notation.md) is read whole, else as the seat's view.
        return (/^hand\d+:/m.test(s.text) ? stich.fullDeal(s.text) : stich.parse(s.text, 0)).state;
    }
    throw new Error(`unknown start ${JSON.stringify(s.kind)}`);
}

function replay(line) {
    const s = start(line.start);
    try {
        for (const id of line.actions) s.apply(id);
        return s;
    } catch (e) {
        s.free();
        throw e;
    }
}

const cardsOf = (text) => new Set(text.split(/\s+/).filter(Boolean));

// The hand of the seat to act, each card with the legal actions that play it (those after which it
// has left the hand) and, for a card no legal action plays while others do, the core's reason why
// not: the served board's hand moves (stich/web/app.py, _hand_moves), from the module's answers.
function handMoves(s, seat, hand, legal) {
    const playing = new Map();
    for (const a of legal) {
        const after = s.clone();
        after.apply(a.id);
        const left = cardsOf(after.hand(seat));
        after.free();
        for (const card of hand) if (!left.has(card.card)) playing.set(card.card, [...(playing.get(card.card) ?? []), a.text]);
    }
    if (playing.size === 0) return [];
    return hand.map((card) => {
        const actions = playing.get(card.card) ?? [];
        let reason = null;
        if (!actions.length) {
            const probe = s.clone();
            try { probe.apply(card.card); } catch (e) { reason = e.message; } finally { probe.free(); }
        }
        return { ...card, actions, legal: actions.length > 0, reason };
    });
}

// The board as the page draws it: the served board's fields (stich/web/app.py, _board_data) that
// the shared table drawing (table.js) and the page read.
function boardData(line) {
    const walk = start(line.start);
    const history = [];
    try {
        for (const id of line.actions) {
            history.push({ seat: walk.currentPlayer, action: walk.actionText(id) });
            walk.apply(id);
        }
        const s = walk;
        const terminal = s.isTerminal;
        const toAct = s.currentPlayer;
        const table = s.table();
        const legal = terminal ? [] : s.actions();
        const cards = terminal ? [] : handMoves(s, toAct, table.hands[toAct], legal);
        const position = terminal ? null : s.positionText(toAct);
        const full = position === null ? null
            : position + table.hands.map((h, seat) => `hand${seat}: ${h.map((c) => c.card).join(" ") || "-"}\n`).join("");
        return {
            text: s.text, phase: s.phase, terminal, to_act: toAct, num_players: s.numPlayers, dealer: table.dealer,
            seats: table.hands.map((hand, seat) => ({ seat, hand, tally: table.tally ? table.tally[seat] : null })),
            cards, card_play: cards.some((c) => c.actions.length), trick: table.trick, trick_taker: table.trickTaker,
            places: table.places, legal, returns: terminal ? s.returns() : null, history,
            solvable: !terminal && s.phase === "play", position, full_position: full,
            record: line.start.kind === "position" ? null : s.recordText(),
        };
    } finally {
        walk.free();
    }
}

// The action ids of record `index` (to step through it): each recorded action's id, found as the
// legal action after which the deal's record (its actions' texts) is the record's next state's.
function recordActions(text, index) {
    const records = stich.readRecords(text);
    try {
        const ids = [];
        const n = records.actions(index);
        const s = records.state(index, 0);
        try {
            for (let k = 0; k < n; k++) {
                const next = records.state(index, k + 1);
                const want = next.recordText();
                next.free();
                const id = s.legalActions().find((a) => {
                    const probe = s.clone();
                    probe.apply(a);
                    const same = probe.recordText() === want;
                    probe.free();
                    return same;
                });
                if (id === undefined) throw new Error(`record ${index + 1}: action ${k} is none of the legal actions`);
                s.apply(id);
                ids.push(id);
            }
        } finally {
            s.free();
        }
        return { ids, count: records.length };
    } finally {
        records.free();
    }
}

// The seat's-view review's settings: the served board page's (web/static/app.js: 30 worlds, 500
// iterations; seed 0, record 0), so the verdicts equal stich.review's of the deal's record with them.
const VIEW = { worlds: 30, iterations: 500, seed: 0, record: 0 };

// The review of the line: the core's verdicts (stich.review's, one implementation), open-handed
// (stich_review_open) and from the seat's view (stich_review_view, one decision a call with the
// progress posted between, so a cancel, the worker's terminate, stays prompt), in the shape of the
// served board's review decisions ({ index, seat, played, open, view }).
function review(line, progress) {
    const s = start(line.start);
    try {
        const n = line.actions.length;
        progress(0, n);
        const byIndex = new Map();
        for (const { index, seat, played, ...open } of s.reviewOpen(line.actions)) byIndex.set(index, { index, seat, played, open, view: null });
        for (let k = 0; k < n; k++) {
            for (const { index, seat, played, ...view } of s.reviewView(line.actions, { ...VIEW, first: k, last: k + 1 })) {
                const d = byIndex.get(index) ?? { index, seat, played, open: null };
                d.view = view;
                byIndex.set(index, d);
            }
            progress(k + 1, n);
        }
        return { decisions: [...byIndex.values()].sort((a, b) => a.index - b.index), settings: VIEW };
    } finally {
        s.free();
    }
}

const ops = {
    games: () => ({ games: stich.games, version: stich.version }),
    board: (line) => boardData(line),
    records: ({ text, index }) => recordActions(text, index),
    schema: ({ game, options }) => {
        const g = stich.game(game, options);
        try { return g.schema(); } finally { g.free(); }
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
    review: (line, id) => review(line, (done, total) => self.postMessage({ id, progress: { done, total } })),
};

self.onmessage = ({ data: { id, op, args } }) => {
    try {
        self.postMessage({ id, ok: true, value: ops[op](args, id) });
    } catch (e) {
        self.postMessage({ id, ok: false, error: e.message });
    }
};
self.postMessage({ ready: true });
