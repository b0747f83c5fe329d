// The static board's page (docs/wasm.md, "The static board"): deals (by seed and dealer, with given
// hands), reads positions and records, plays by clicks on the table or the action list, steps
// through the deal, shows the open-hand values, analyses the seat's view and reviews the deal;
// every computation in the Web Worker worker.mjs. The table, the option form and the set-up of
// hands and the review's chart are drawn by table.js, the served board's own drawing (a classic
// script: drawTable, drawOptions, optionValues, drawSetup, drawReviewChart, cardButton and el are
// globals of the page).
const $ = (id) => document.getElementById(id);
let worker, pending = new Map(), nextId = 1, ready;
let line = null;          // { start, actions: [ids], at }: the deal, its actions, the cursor
let shown = null;         // the board data at the cursor
let review = null;        // the open-hand review of the line ({ decisions }), while it holds
let analysing = null;     // a token while an analysis runs
let schema = null;        // the chosen game's schema (stich_game_schema): its options, deck, places
let setup = null;         // the set-up of hands: { deck: { cards, places }, seat, hands }
let chooser = null;       // the card whose actions are offered (a card played in more than one way)
let values = null;        // at the cursor: { at, open: { text: value }, view: { text: { mean, low, high } } }

function startWorker() {
    worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    ready = new Promise((resolve, reject) => {
        worker.onmessage = ({ data }) => {
            if (data.ready) return resolve();
            const p = pending.get(data.id);
            if (!p) return;
            if (data.progress) return p.progress?.(data.progress);
            pending.delete(data.id);
            data.ok ? p.resolve(data.value) : p.reject(new Error(data.error));
        };
        worker.onerror = (e) => reject(new Error(e.message || "the worker failed to start"));
    });
}

async function call(op, args, progress) {
    await ready;
    const id = nextId++;
    return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, op, progress });
        worker.postMessage({ id, op, args });
    });
}

const here = () => ({ start: line.start, actions: line.actions.slice(0, line.at) });
const fmt = (v) => (v === null || v === undefined ? "–" : (v > 0 ? "+" : "") + (Math.round(v * 1000) / 1000));

function say(text) { $("message").textContent = text; }

async function run(step) {
    try { say(""); await step(); } catch (e) { say(e.message); }
}

async function show() {
    const b = await call("board", here());
    shown = b;
    chooser = null;
    values = { at: line.at, open: {}, view: {} };
    drawBoard();
    drawHistory();
    $("where").textContent = `${line.at} / ${line.actions.length}`;
    $("position").textContent = b.position ?? "";
    $("state").textContent = b.text;
    $("view").textContent = "";
    $("open").textContent = b.solvable ? "solving…" : "";
    drawDecision();
    if (b.solvable) {
        const at = line.at, actions = line.actions;
        const sol = await call("solve", here());
        if (line.at !== at || line.actions !== actions) return;   // the board moved on meanwhile
        values.open = sol.values;
        values.best = sol.bestText;
        drawBoard();
        $("open").textContent = `open-hand values (the mover's): best ${sol.bestText}`;
        $("board").dataset.values = JSON.stringify(sol.values);
    }
}

// The table, the actions and the values chart at the cursor, with the values known (values).
function drawBoard() {
    const b = shown;
    const board = $("board");
    board.dataset.actions = String(line.at);
    board.dataset.terminal = String(b.terminal);
    board.dataset.values = "";
    $("status").textContent = b.terminal ? `deal over: returns ${b.returns.join(", ")}` : `seat ${b.to_act} to act (${b.phase})`;
    drawTable(b, (button, card) => {
        if (card.legal) {
            button.classList.add("legal");
            // One action plays the card at once; several (the card played in more than one way) are
            // offered beside, as the served board does.
            button.onclick = () => (card.actions.length === 1 ? play(b.legal.find((a) => a.text === card.actions[0]).id)
                : choose(card.card));
            const opens = card.actions.map((t) => values.open[t]).filter((v) => v !== undefined);
            if (opens.length) button.append(el("span", { class: "val open" }, fmt(Math.max(...opens))));
            if (opens.length && card.actions.length === 1) button.dataset.openValue = String(opens[0]);
            if (card.actions.includes(values.best)) button.classList.add("best");
            const views = card.actions.map((t) => values.view[t]).filter(Boolean);
            if (views.length) button.append(el("span", { class: "val view" }, fmt(Math.max(...views.map((v) => v.mean)))));
            if (card.card === chooser) button.classList.add("chosen");
        } else {
            button.classList.add("illegal");
            button.title = card.reason || "not a legal card now";
            button.dataset.reason = card.reason || "";
            button.onclick = () => say(`${card.card}: ${card.reason || "not a legal card now"}`);
        }
    });
    // The actions that are not cards of the hand (bids, declarations, ...), and the chosen card's.
    const ofCards = new Set(b.cards.flatMap((c) => c.actions));
    const chosen = b.cards.find((c) => c.card === chooser);
    $("actions").replaceChildren(...b.legal.filter((a) => !ofCards.has(a.text) || (chosen && chosen.actions.includes(a.text))).map((a) => {
        const v = values.open[a.text] ?? values.view[a.text]?.mean;
        return el("button", { class: "action", "data-id": a.id, "data-text": a.text, onclick: () => play(a.id) },
            el("span", { class: "text" }, a.text), " ", el("span", { class: "value" }, v === undefined ? "" : fmt(v)));
    }));
    const chart = $("chart");
    chart.replaceChildren();
    chart.dataset.at = String(values.at);
    if (!b.terminal) drawValuesChart(chart, b.legal.map((a) => ({ action: a.text, open: values.open[a.text], view: values.view[a.text] })));
}

// A card played in more than one way: its actions are offered beside the table.
function choose(card) {
    chooser = card;
    drawBoard();
}

function drawHistory() {
    const mistakes = new Map((review ? review.decisions : []).filter((d) => (d.view && d.view.mistake) || (d.open && d.open.loss > 0))
        .map((d) => [d.index, d]));
    $("history").replaceChildren(...shown.history.concat(line.actions.slice(line.at).map(() => null)).map((h, k) => {
        const li = el("li", { "data-index": k, onclick: () => goto(k + 1) }, h ? `${h.seat} ${h.action}` : `action ${k + 1}`);
        if (k + 1 === line.at) li.classList.add("current");
        if (mistakes.has(k)) {
            li.classList.add("mistake");
            const d = mistakes.get(k);
            li.title = [d.open && `open-hand loss ${d.open.loss}`, d.view && d.view.mistake && `a mistake from the seat's view (loss ${fmt(d.view.loss)})`]
                .filter(Boolean).join("; ");
        }
        return li;
    }));
}

function drawDecision() {
    drawReviewChart($("review-chart"), { review, history: line.actions, at: line.at }, goto);
    const d = review && review.decisions.find((x) => x.index === line.at);
    if (!review || !d) { $("decision").textContent = !review ? "" : "no choice at this action"; return; }
    // As the served board's decision (web/static/app.js): the open-hand verdict, then the seat's view's.
    let text = `action ${d.index}: seat ${d.seat} chose ${d.played}`;
    if (d.open) text += `\nopen-hand: best ${d.open.best} (${fmt(d.open.value_best)}), chosen ${fmt(d.open.value_played)}, loss ${fmt(d.open.loss)}`;
    if (d.view) {
        const v = d.view;
        const interval = v.loss_low === null ? "" : ` [${v.loss_low.toFixed(3)}, ${v.loss_high.toFixed(3)}]`;
        text += `\nfrom the seat's view (${v.method}): best ${v.best}, loss ${v.loss === null ? "–" : v.loss.toFixed(3)}${interval}`
            + (v.mistake ? " — a mistake" : "");
    }
    $("decision").textContent = text;
}

function play(id) {
    run(async () => {
        line = { ...line, actions: [...line.actions.slice(0, line.at), id], at: line.at + 1 };
        review = null;   // the line changed: its review no longer holds
        await show();
    });
}

function goto(at) {
    if (!line || at < 0 || at > line.actions.length || at === line.at) return;
    run(async () => { line = { ...line, at }; await show(); });
}

// A new line from `start` (the worker checks it first), with the actions given.
async function begin(start, actions = []) {
    const next = { start, actions, at: 0 };
    await call("board", { start, actions: [] });
    line = next;
    review = null;
    await show();
}

// An option's value in the option text the module reads (docs/notation.md, the game line).
function optionText(value) {
    if (value === null) return "None";
    if (typeof value === "boolean") return value ? "True" : "False";
    if (Array.isArray(value)) return value.length === 0 ? "()" : value.length === 1 ? `${value[0]},` : value.join(",");
    return String(value);
}

// The options of the form that differ from their defaults, then the text field's, as option text.
function optionsText() {
    const values = optionValues($("options"), schema.options);
    const changed = schema.options.filter((o) => o.name in values && JSON.stringify(values[o.name]) !== JSON.stringify(o.default))
        .map((o) => `${o.name}=${optionText(values[o.name])}`);
    return [...changed, $("option-text").value.trim()].filter(Boolean).join(" ");
}

// The game chosen: its option form from its schema (the set-up of hands starts again).
async function chooseGame() {
    schema = await call("schema", { game: $("game").value, options: "" });
    drawOptions($("options"), schema.options);
    $("options").dataset.game = schema.name;
    $("setup").hidden = true;
}

function deal(withHands = false) {
    run(async () => {
        const seedText = $("seed").value.trim();
        const seed = seedText === "" ? String(Math.floor(Math.random() * 2 ** 32)) : seedText;
        if (!/^\d+$/.test(seed)) throw new Error(`seed must be a non-negative integer, got ${seedText}`);
        const start = { kind: "deal", game: $("game").value, options: optionsText(), seed, dealer: Number($("dealer").value || 0),
                        hands: withHands && setup ? setup.hands.map((h) => (h.length ? h.join(" ") : null)) : null };
        await begin(start);
        $("seed").value = seed;
    });
}

// The set-up of hands by clicking cards into seats, for the game with the options of the form
// (the cards left open are dealt from the seed).
function toggleSetup() {
    const box = $("setup");
    box.hidden = !box.hidden;
    if (box.hidden) return;
    run(async () => {
        const s = await call("schema", { game: $("game").value, options: optionsText() });
        setup = { deck: { cards: s.deck, places: s.places }, seat: 0, hands: s.places.slice(0, s.numPlayers).map(() => []) };
        drawSetup(setup, say);
    });
}

function loadText(kind) {
    run(async () => {
        const text = $("paste").value;
        if (kind === "position") return begin({ kind: "position", text });
        const index = Number($("record-index").value || 1) - 1;
        const { ids, count } = await call("records", { text, index });
        await begin({ kind: "records", text, index }, ids);
        say(`record ${index + 1} of ${count}`);
    });
}

function copyOut(text, what) {
    if (!text) { say(`no ${what} here`); return; }
    $("paste").value = text;
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(() => say(`${what} copied`), () => say(`${what} in the box below`));
}

async function reviewDeal() {
    if (!line || !line.actions.length) { $("review-status").textContent = "nothing to review yet: no action has been taken"; return; }
    const reviewed = line;
    $("review-status").textContent = "reviewing…";
    try {
        const r = await call("review", { start: line.start, actions: line.actions },
            ({ done, total }) => ($("review-status").textContent = `reviewing: ${done} of ${total} actions`));
        if (line.start !== reviewed.start || line.actions !== reviewed.actions) return;
        review = r;
        const lost = r.decisions.filter((d) => d.open && d.open.loss > 0).length;
        const called = r.decisions.filter((d) => d.view && d.view.mistake).length;
        $("review-status").textContent = `reviewed: ${r.decisions.length} choices, ${lost} losing value open-handed, `
            + `${called} mistakes from the seat's view (${r.settings.worlds} worlds, ${r.settings.iterations} iterations)`;
        $("review-status").dataset.status = "done";
        drawHistory();
        drawDecision();
    } catch (e) {
        $("review-status").textContent = e.message;
    }
}

async function analyse() {
    if (!line) return;
    const token = {};
    analysing = token;
    $("analyse").disabled = true;
    $("cancel").disabled = false;
    $("view").textContent = "analysing…";
    try {
        const at = line.at, actions = line.actions;
        const r = await call("analyse", { line: here(), seconds: Number($("seconds").value), method: $("method").value });
        if (line.at === at && line.actions === actions) {
            values.view = Object.fromEntries(r.table.map((row) => [row.action, { mean: row.value, low: row.low, high: row.high }]));
            drawBoard();
        }
        $("view").textContent = `${r.method}: best ${r.bestText}; ` + r.table.map((row) => `${row.action} ${fmt(row.value)} (${row.visits ?? "-"})`).join(", ");
    } catch (e) {
        $("view").textContent = e.message;
    } finally {
        if (analysing === token) { analysing = null; $("analyse").disabled = false; $("cancel").disabled = true; }
    }
}

// Stops the running analysis. A wasm call cannot be interrupted from outside (docs/wasm.md,
// "Limits"): the worker ends at once, its requests fail, a new worker takes over.
function cancel() {
    if (analysing === null) return;
    worker.terminate();
    for (const p of pending.values()) p.reject(new Error(p.op === "analyse" ? "analysis cancelled" : "cancelled"));
    pending.clear();
    analysing = null;
    $("analyse").disabled = false;
    $("cancel").disabled = true;
    startWorker();   // stateless: the next request names the whole line again
}

startWorker();
$("deal").onclick = () => deal();
$("game").onchange = () => run(chooseGame);
$("setup-toggle").onclick = toggleSetup;
$("setup-deal").onclick = () => deal(true);
$("analyse").onclick = analyse;
$("cancel").onclick = cancel;
$("first").onclick = () => goto(0);
$("back").onclick = () => line && goto(line.at - 1);
$("forward").onclick = () => line && goto(line.at + 1);
$("last").onclick = () => line && goto(line.actions.length);
$("review").onclick = reviewDeal;
$("load-position").onclick = () => loadText("position");
$("load-records").onclick = () => loadText("records");
$("file").onchange = async (e) => {
    if (!e.target.files.length) return;
    const text = await e.target.files[0].text();
    $("paste").value = text;
    loadText(text.trimStart().startsWith("stich position") ? "position" : "records");
};
$("copy-position").onclick = () => copyOut(shown?.position, "position");
$("copy-full").onclick = () => copyOut(shown?.full_position, "full deal");
$("copy-record").onclick = () => copyOut(shown?.record, "record");
document.addEventListener("keydown", (e) => {
    if (!line || ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) return;
    const to = { ArrowLeft: line.at - 1, ArrowRight: line.at + 1, Home: 0, End: line.actions.length }[e.key];
    if (to !== undefined) { e.preventDefault(); goto(to); }
});
call("games").then(async ({ games, version }) => {
    $("game").replaceChildren(...games.map((g) => el("option", { value: g, textContent: g })));
    $("version").textContent = `stich ${version} (WebAssembly)`;
    await chooseGame();
    $("board").dataset.ready = "true";
}).catch((e) => say(e.message));
