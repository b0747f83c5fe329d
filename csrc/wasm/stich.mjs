// stich.mjs: stich's WebAssembly module for JavaScript (docs/wasm.md), an ES module over the C ABI
// (csrc/capi/stich_c.h) that tools/wasm.sh compiles into stich.wasm. The same file works in
// Node 20 and in a browser (a page or a Web Worker): load() reads the wasm bytes itself.
//
//   import { load } from "./stich.mjs";
//   const stich = await load();
//   const g = stich.game("euchre", "");
//   const s = g.deal(7, 0);
//   while (!s.isTerminal) s.apply(s.legalActions()[0]);
//   s.returns();   // [2, -2, 2, -2]
//
// Every failure of the core throws a StichError (an Error) carrying the core's message; the module
// stays usable afterwards. Handles (games, states, views, records) hold wasm memory: free() them
// when done (a FinalizationRegistry frees those forgotten, later).
import createStichCore from "./stich_core.mjs";

/** An error reported by the core: `message` is its text, `status` its STICH_E_* name. */
export class StichError extends Error {
    constructor(message, status) {
        super(message);
        this.name = "StichError";
        this.status = status;
    }
}

// The table columns of a result (stich_c.h's STICH_COLUMN_*), as the rows' field names.
const COLUMNS = ["value", "visits", "low", "high", "diff", "diffLow", "diffHigh"];

async function wasmBytes(options) {
    if (options.wasmBinary) return options.wasmBinary;
    const url = options.wasmUrl ? new URL(options.wasmUrl, import.meta.url) : new URL("./stich.wasm", import.meta.url);
    if (url.protocol === "file:") {   // Node (whose fetch does not read files)
        const { readFile } = await import("node:fs/promises");
        return readFile(url);
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`stich: cannot load ${url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
}

/**
 * Loads the module. options.wasmUrl: where stich.wasm is (default: next to stich.mjs);
 * options.wasmBinary: its bytes (an ArrayBuffer or typed array) instead.
 */
export async function load(options = {}) {
    const core = await createStichCore({ wasmBinary: await wasmBytes(options), print: () => {}, printErr: () => {} });
    return new Stich(core);
}

class Stich {
    constructor(core) {
        this._m = core;
        this._registry = new FinalizationRegistry(([free, ptr]) => free(ptr));
        this.version = core.UTF8ToString(core._stich_version());
        this.abiVersion = core._stich_abi_version();
        const n = this._check(core._stich_game_count());
        /** The registered games' names ("Couillon", ...). */
        this.games = Array.from({ length: n }, (_, i) => this._text((buf, cap) => core._stich_game_name(i, buf, cap)));
    }

    // ---------------------------------------------------------------- memory and status helpers

    // A status below -1 is an error: throw the core's message (the status itself is kept).
    _check(status) {
        if (status < -1) {
            const m = this._m;
            const name = m.UTF8ToString(m._stich_status_name(status));
            throw new StichError(m.UTF8ToString(m._stich_last_error()) || name, name);
        }
        return status;
    }

    // Runs fn with `size` bytes of wasm memory, freed afterwards.
    _withMemory(size, fn) {
        const ptr = this._m._malloc(Math.max(size, 8));
        if (!ptr) throw new StichError("stich: out of wasm memory", "STICH_E_OUT_OF_MEMORY");
        try {
            return fn(ptr);
        } finally {
            this._m._free(ptr);
        }
    }

    // Runs fn with a NUL-terminated UTF-8 copy of text (null stays NULL).
    _withString(text, fn) {
        if (text === null || text === undefined) return fn(0);
        if (typeof text !== "string") throw new TypeError(`stich: expected a string, got ${typeof text}`);
        const size = this._m.lengthBytesUTF8(text) + 1;
        return this._withMemory(size, (ptr) => {
            this._m.stringToUTF8(text, ptr, size);
            return fn(ptr);
        });
    }

    // A text out of the C ABI's (buf, cap) convention: ask the length, then fetch it.
    _text(call) {
        const n = this._check(call(0, 0));
        return this._withMemory(n + 1, (ptr) => {
            this._check(call(ptr, n + 1));
            return this._m.UTF8ToString(ptr, n);
        });
    }

    // An array out of the C ABI's (out, cap) convention; kind: "i32" or "f64".
    _array(call, kind) {
        const n = this._check(call(0, 0));
        const width = kind === "i32" ? 4 : 8;
        return this._withMemory(n * width, (ptr) => {
            this._check(call(ptr, n));
            const heap = kind === "i32" ? this._m.HEAP32 : this._m.HEAPF64;
            return Array.from(heap.subarray(ptr / width, ptr / width + n));
        });
    }

    // A handle made by a C function writing it to *out.
    _handle(call) {
        return this._withMemory(4, (out) => {
            this._m.HEAPU32[out / 4] = 0;
            this._check(call(out));
            return this._m.HEAPU32[out / 4];
        });
    }

    _track(object, free, ptr) {
        this._registry.register(object, [free, ptr], object);
        return object;
    }

    _untrack(object) {
        this._registry.unregister(object);
    }

    // ---------------------------------------------------------------- the API

    /** A game by name ("euchre", "Mucken": case-insensitive) and option text ("players=6 target=21", "" for the defaults). */
    game(name, options = "") {
        const ptr = this._withString(name, (n) => this._withString(options, (o) => this._handle((out) => this._m._stich_game_new(n, o, out))));
        return new Game(this, ptr);
    }

    /** Reads a position text (docs/notation.md); hidden cards drawn from `seed`. Returns { state, seat }. */
    parse(text, seed = 0) {
        const s = seed64(seed);
        return this._withMemory(4, (seatPtr) => {
            const ptr = this._withString(text, (t) => this._handle((out) => this._m._stich_position_read(t, s, out, seatPtr)));
            return { state: new State(this, ptr), seat: this._m.HEAP32[seatPtr / 4] };
        });
    }

    /** Reads a full deal (a position text plus a "handN: cards" line per seat). Returns { state, seat }. */
    fullDeal(text) {
        return this._withMemory(4, (seatPtr) => {
            const ptr = this._withString(text, (t) => this._handle((out) => this._m._stich_full_deal_read(t, out, seatPtr)));
            return { state: new State(this, ptr), seat: this._m.HEAP32[seatPtr / 4] };
        });
    }

    /** Reads game records (the text form or JSON Lines, docs/records.md). */
    readRecords(text) {
        const ptr = this._withString(text, (t) => this._handle((out) => this._m._stich_records_read(t, out)));
        return new Records(this, ptr);
    }
}

// A seed as the C ABI's uint64_t: a non-negative safe integer Number or a BigInt below 2^64.
function seed64(seed) {
    if (typeof seed === "bigint") {
        if (seed < 0n || seed >= 1n << 64n) throw new RangeError(`stich: a seed must be in 0..2^64-1, got ${seed}`);
        return seed;
    }
    if (!Number.isSafeInteger(seed) || seed < 0)
        throw new RangeError(`stich: a seed must be a non-negative integer (a Number up to 2^53-1, or a BigInt), got ${seed}`);
    return BigInt(seed);
}

// An int argument (a seat, a dealer, an id, threads): an integer Number in int32's range.
function int32(value, what) {
    if (!Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31)
        throw new RangeError(`stich: ${what} must be an integer, got ${value}`);
    return value;
}

// A base for the handles: the module, the pointer, free() once.
class Handle {
    constructor(stich, ptr, free) {
        this._s = stich;
        this._ptr = ptr;
        this._free = free;
        stich._track(this, free, ptr);
    }
    get _p() {
        if (!this._ptr) throw new StichError(`stich: this ${this.constructor.name} was freed`, "STICH_E_INVALID_ARGUMENT");
        return this._ptr;
    }
    /** Frees the handle's wasm memory (a second call does nothing). */
    free() {
        if (!this._ptr) return;
        this._s._untrack(this);
        this._free(this._ptr);
        this._ptr = 0;
    }
}

class Game extends Handle {
    constructor(stich, ptr) {
        super(stich, ptr, stich._m._stich_game_free);
    }
    /** The game's line in the notation: its name and the options that differ from the defaults. */
    get text() {
        return this._s._text((b, c) => this._s._m._stich_game_text(this._p, b, c));
    }
    toString() {
        return this.text;
    }
    get numPlayers() {
        return this._s._check(this._s._m._stich_game_num_players(this._p));
    }
    /** What an option form and a set-up of hands need (stich_game_schema): { name, numPlayers,
     *  options: [{ name, doc, kind, accepts, none_ok, choices, low, high, default, value }],
     *  deck: [{ card, suit }], places: [{ name, size }] } (the seats, then the game's other places). */
    schema() {
        const t = JSON.parse(this._s._text((b, c) => this._s._m._stich_game_schema(this._p, b, c)));
        return { name: t.name, numPlayers: t.num_players, options: t.options, deck: t.deck, places: t.places };
    }
    /**
     * A new deal (game.deal(seed=..., dealer=..., hands=...) in Python): seed a Number or BigInt;
     * hands: an optional array of card texts per seat in deal order (null or "" for a random hand).
     */
    deal(seed = 0, dealer = 0, hands = undefined) {
        const s = this._s, m = s._m, seed_ = seed64(seed), dealer_ = int32(dealer, "dealer");
        if (hands === undefined || hands === null)
            return new State(s, s._handle((out) => m._stich_deal(this._p, seed_, dealer_, out)));
        if (!Array.isArray(hands)) throw new TypeError("stich: hands must be an array of card texts, one per seat");
        const ptrs = [];
        try {
            for (const h of hands) {
                if (h === null || h === undefined || h === "") { ptrs.push(0); continue; }
                if (typeof h !== "string") throw new TypeError(`stich: a hand must be a card text, got ${typeof h}`);
                const size = m.lengthBytesUTF8(h) + 1, p = m._malloc(size);
                m.stringToUTF8(h, p, size);
                ptrs.push(p);
            }
            return s._withMemory(4 * ptrs.length, (arr) => {
                m.HEAPU32.set(ptrs, arr / 4);
                return new State(s, s._handle((out) => m._stich_deal_hands(this._p, seed_, dealer_, arr, ptrs.length, out)));
            });
        } finally {
            for (const p of ptrs) if (p) m._free(p);
        }
    }
}

class State extends Handle {
    constructor(stich, ptr) {
        super(stich, ptr, stich._m._stich_state_free);
    }
    get isTerminal() {
        return this._s._check(this._s._m._stich_is_terminal(this._p)) === 1;
    }
    /** The seat to act, null when the deal is over. */
    get currentPlayer() {
        const seat = this._s._check(this._s._m._stich_current_player(this._p));
        return seat < 0 ? null : seat;
    }
    get numPlayers() {
        return this._s._check(this._s._m._stich_num_players(this._p));
    }
    /** The phase's name ("play" is the card play). */
    get phase() {
        return this._s._text((b, c) => this._s._m._stich_phase(this._p, b, c));
    }
    /** The state as text (str(state) in Python). */
    get text() {
        return this._s._text((b, c) => this._s._m._stich_state_text(this._p, b, c));
    }
    toString() {
        return this.text;
    }
    /** The legal actions' ids, ascending (Action.id). */
    legalActions() {
        return this._s._array((o, c) => this._s._m._stich_legal_actions(this._p, o, c), "i32");
    }
    /** The legal actions as { id, text }. */
    actions() {
        return this.legalActions().map((id) => ({ id, text: this.actionText(id) }));
    }
    /** The canonical text of an action id (a legal one, or one of the history). */
    actionText(id) {
        const id_ = int32(id, "an action id");
        return this._s._text((b, c) => this._s._m._stich_action_text(this._p, id_, b, c));
    }
    /** Applies an action by id or by text; returns its id. An illegal one throws (the state unchanged). */
    apply(action) {
        const s = this._s;
        if (typeof action === "string") return s._withString(action, (t) => s._check(s._m._stich_apply_text(this._p, t)));
        const id = int32(action, "an action (an id or its text)");
        s._check(s._m._stich_apply(this._p, id));
        return id;
    }
    /** Each seat's payoff of the deal (zeros before the end). */
    returns() {
        return this._s._array((o, c) => this._s._m._stich_returns(this._p, o, c), "f64");
    }
    /** The cards `seat` holds, as text. */
    hand(seat) {
        const seat_ = int32(seat, "seat");
        return this._s._text((b, c) => this._s._m._stich_hand(this._p, seat_, b, c));
    }
    clone() {
        return new State(this._s, this._s._handle((out) => this._s._m._stich_state_clone(this._p, out)));
    }
    /** The game the state is played under (a new handle). */
    game() {
        return new Game(this._s, this._s._handle((out) => this._s._m._stich_state_game(this._p, out)));
    }
    /** The rule-of-thumb bot's action id for the seat to act. */
    heuristicAction(seed = 0) {
        return this._s._check(this._s._m._stich_heuristic_action(this._p, seed64(seed)));
    }
    /** The position text as `seat` sees it (stich.position_text(state, seat)). */
    positionText(seat) {
        const seat_ = int32(seat, "seat");
        return this._s._text((b, c) => this._s._m._stich_position_text(this._p, seat_, b, c));
    }
    /** The table a board draws (stich_state_table): { dealer, tally (per seat, or null), hands,
     *  trick: [{ seat, card, suit }], trickTaker, places: [{ name, cards }] }; a card is { card, suit }. */
    table() {
        const t = JSON.parse(this._s._text((b, c) => this._s._m._stich_state_table(this._p, b, c)));
        return { dealer: t.dealer, tally: t.tally, hands: t.hands, trick: t.trick, trickTaker: t.trick_taker, places: t.places };
    }
    /** The open-hand review of the deal played from this state along `actions` (their ids: the
     *  whole deal, bids too), stich.review's open-hand verdicts from the core (stich_review_open):
     *  [{ index, seat, played, best, value_played, value_best, loss }], a decision of the card play
     *  with a choice each. */
    reviewOpen(actions) {
        const m = this._s._m, cap = 1 << 16;
        return this._s._withMemory(4 * Math.max(actions.length, 1), (ids) => {
            m.HEAP32.set(Int32Array.from(actions), ids / 4);
            const call = (b, c) => m._stich_review_open(this._p, ids, actions.length, 0, b, c);
            // One run into a buffer that holds any deal's review; an error or a longer review: _text (a second run).
            const text = this._s._withMemory(cap, (buf) => {
                const n = call(buf, cap);
                return n >= 0 && n < cap ? m.UTF8ToString(buf, n) : null;
            });
            return JSON.parse(text ?? this._s._text(call));
        });
    }
    /** The seat's-view review of the deal played from this state along `actions` (as reviewOpen takes
     *  them), stich.review's "view" verdicts from the core (stich_review_view): options { worlds = 100,
     *  iterations = 4000, seed = 0, record = 0 (the record's index, part of each decision's seed),
     *  first = 0, last = actions.length (the decisions reviewed: [first, last), the rest played
     *  through, so a caller can go one decision a call) }: [{ index, seat, method, played, best,
     *  value_played, value_best, loss, loss_low, loss_high, mistake }]. */
    reviewView(actions, options = {}) {
        const { worlds = 100, iterations = 4000, seed = 0, record = 0, first = 0, last = actions.length } = options;
        const w = seed64(worlds), it = seed64(iterations), seed_ = seed64(seed), rec = seed64(record);
        const first_ = int32(first, "first"), last_ = int32(last, "last");
        const m = this._s._m, cap = 1 << 16;
        return this._s._withMemory(4 * Math.max(actions.length, 1), (ids) => {
            m.HEAP32.set(Int32Array.from(actions), ids / 4);
            const call = (b, c) => m._stich_review_view(this._p, ids, actions.length, first_, last_, w, it, seed_, rec, 0, b, c);
            // As reviewOpen: one run into a buffer large enough for a deal's review, else _text (a second run).
            const text = this._s._withMemory(cap, (buf) => {
                const n = call(buf, cap);
                return n >= 0 && n < cap ? m.UTF8ToString(buf, n) : null;
            });
            return JSON.parse(text ?? this._s._text(call));
        });
    }
    /** The record of the deal as played so far (docs/records.md). */
    recordText() {
        return this._s._text((b, c) => this._s._m._stich_record_text(this._p, b, c));
    }
    /** What `seat` knows (a View). */
    view(seat) {
        const seat_ = int32(seat, "seat");
        return new View(this._s, this._s._handle((out) => this._s._m._stich_view_new(this._p, seat_, out)));
    }
    /** The exact open-hand values (stich.solve(state)): a Result whose `values` maps each legal action's text to the mover's return. */
    solve() {
        return this._s._result(this, (out) => this._s._m._stich_solve(this._p, 0, out));
    }
    /**
     * ISMCTS from the seat to act's view (stich.ismcts): options { iterations, seconds, seed = 1,
     * threads = 1 }, exactly one budget. The same (iterations, seed) give the same table as Python's.
     */
    ismcts(options = {}) {
        const { iterations = 0, seconds = 0, seed = 1, threads = 1 } = options;
        const it = seed64(iterations), sec = Number(seconds), seed_ = seed64(seed), th = int32(threads, "threads");
        return this._s._result(this, (out) => this._s._m._stich_ismcts(this._p, it, sec, th, seed_, 0, out));
    }
    /**
     * The analysis (stich.analyse): options { seconds = 2, method = "auto" | "exact" | "pimc" |
     * "ismcts", iterations = 0, seed = 1, onProgress, signal }. Without threads the call runs to its
     * budget on the calling thread: onProgress(done, total, seconds) is called when it starts and
     * when it ends, and an aborted `signal` (AbortSignal) stops it before it starts. To cancel a
     * running analysis, run it in a Web Worker and terminate the worker (the board does).
     */
    analyse(options = {}) {
        const { seconds = 2, method = "auto", iterations = 0, seed = 1, onProgress, signal } = options;
        if (signal?.aborted) throw signal.reason ?? new DOMException("the analysis was cancelled", "AbortError");
        const start = Date.now();
        onProgress?.(0, 1, 0);
        const it = seed64(iterations), seed_ = seed64(seed), sec = Number(seconds);
        const r = this._s._withString(method, (mp) =>
            this._s._result(this, (out) => this._s._m._stich_analyse(this._p, mp, sec, it, seed_, 1, 0, out)));
        onProgress?.(1, 1, (Date.now() - start) / 1000);
        return r;
    }
}

class View extends Handle {
    constructor(stich, ptr) {
        super(stich, ptr, stich._m._stich_view_free);
    }
    get seat() {
        return this._s._check(this._s._m._stich_view_seat(this._p));
    }
    /** The view as a position text. */
    get text() {
        return this._s._text((b, c) => this._s._m._stich_view_text(this._p, b, c));
    }
    toString() {
        return this.text;
    }
    /** The number of worlds consistent with the view, a BigInt. */
    worldCount() {
        return BigInt(this._s._text((b, c) => this._s._m._stich_view_world_count(this._p, b, c)));
    }
    /** A world drawn uniformly from the view, as a full State. */
    sample(seed = 0) {
        const seed_ = seed64(seed);
        return new State(this._s, this._s._handle((out) => this._s._m._stich_view_sample(this._p, seed_, out)));
    }
}

class Records extends Handle {
    constructor(stich, ptr) {
        super(stich, ptr, stich._m._stich_records_free);
    }
    get length() {
        return this._s._check(this._s._m._stich_records_count(this._p));
    }
    /** The number of actions of record `index`. */
    actions(index) {
        return this._s._check(this._s._m._stich_record_length(this._p, int32(index, "index")));
    }
    /** The state of record `index` before its action `at` (-1: after the last). */
    state(index, at = -1) {
        const i = int32(index, "index"), a = int32(at, "at");
        return new State(this._s, this._s._handle((out) => this._s._m._stich_record_state(this._p, i, a, out)));
    }
}

// A solve's, search's or analysis's answer as a plain object (its wasm handle freed at once):
// { method, best, bestText, partial, tied, table: [{ id, action, value, visits, low, high, diff,
// diffLow, diffHigh }], values: { actionText: value } }, rows in the C ABI's order (solve: by id;
// search and analysis: best first). Columns without a value are null.
Stich.prototype._result = function (state, call) {
    const m = this._m;
    const ptr = this._handle(call);
    try {
        const ids = this._array((o, c) => m._stich_result_actions(ptr, o, c), "i32");
        const columns = COLUMNS.map((_, k) => this._array((o, c) => m._stich_result_column(ptr, k, o, c), "f64"));
        const table = ids.map((id, i) => {
            const row = { id, action: state.actionText(id) };
            COLUMNS.forEach((name, k) => (row[name] = Number.isNaN(columns[k][i]) ? null : columns[k][i]));
            return row;
        });
        const best = this._check(m._stich_result_best(ptr));
        return {
            method: this._text((b, c) => m._stich_result_method(ptr, b, c)),
            best,
            bestText: state.actionText(best),
            partial: this._check(m._stich_result_partial(ptr)) === 1,
            tied: this._check(m._stich_result_tied(ptr)) === 1,
            table,
            values: Object.fromEntries(table.map((row) => [row.action, row.value])),
        };
    } finally {
        m._stich_result_free(ptr);
    }
};
