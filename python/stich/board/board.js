// The static board's page (docs/wasm.md, "The static board"): deals, plays by clicks, shows the
// open-hand values on the legal actions and analyses the seat's view, every computation in the Web
// Worker worker.mjs. Cancelling an analysis terminates that worker and starts a new one.
const $ = (id) => document.getElementById(id);
let worker, pending = new Map(), nextId = 1, ready;
let line = null;          // { game, options, seed, dealer, actions }
let analysing = null;     // a token while an analysis runs

function startWorker() {
    worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    ready = new Promise((resolve, reject) => {
        worker.onmessage = ({ data }) => {
            if (data.ready) return resolve();
            const p = pending.get(data.id);
            if (!p) return;
            pending.delete(data.id);
            data.ok ? p.resolve(data.value) : p.reject(new Error(data.error));
        };
        worker.onerror = (e) => reject(new Error(e.message || "the worker failed to start"));
    });
}

async function call(op, args) {
    await ready;
    const id = nextId++;
    return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, op });
        worker.postMessage({ id, op, args });
    });
}

function say(text) { $("message").textContent = text; }

async function show() {
    const b = await call("board", line);
    $("state").textContent = b.text;
    $("status").textContent = b.terminal ? `deal over: returns ${b.returns.join(", ")}` : `seat ${b.toAct} to act (${b.phase})`;
    const actions = $("actions");
    actions.replaceChildren(...b.legal.map((a) => {
        const button = document.createElement("button");
        button.className = "action";
        button.dataset.id = a.id;
        button.dataset.text = a.text;
        button.innerHTML = `<span class="text"></span> <span class="value"></span>`;
        button.querySelector(".text").textContent = a.text;
        button.onclick = () => play(a.id);
        return button;
    }));
    $("history").replaceChildren(...b.history.map((h, k) => {
        const li = document.createElement("li");
        const link = document.createElement("a");
        link.href = "#";
        link.textContent = `seat ${h.seat}: ${h.action}`;
        link.onclick = (e) => { e.preventDefault(); goto(k); };
        li.append(link);
        return li;
    }));
    $("position").textContent = b.position ?? "";
    $("view").textContent = "";
    $("open").textContent = b.solvable ? "solving…" : "";
    $("board").dataset.actions = String(line.actions.length);
    $("board").dataset.terminal = String(b.terminal);
    $("board").dataset.values = "";
    if (b.solvable) {
        const key = line.actions.length;
        const sol = await call("solve", line);
        if (line.actions.length !== key) return;   // the board moved on meanwhile
        for (const button of actions.children) button.querySelector(".value").textContent = fmt(sol.values[button.dataset.text]);
        $("open").textContent = `open-hand values (the mover's): best ${sol.bestText}`;
        $("board").dataset.values = JSON.stringify(sol.values);
    }
}

const fmt = (v) => (v > 0 ? "+" : "") + (Math.round(v * 1000) / 1000);

async function run(step) {
    try { say(""); await step(); } catch (e) { say(e.message); }
}

function play(id) { run(async () => { line = { ...line, actions: [...line.actions, id] }; await show(); }); }
function goto(k) { run(async () => { line = { ...line, actions: line.actions.slice(0, k) }; await show(); }); }

function deal() {
    run(async () => {
        const seedText = $("seed").value.trim();
        const seed = seedText === "" ? String(Math.floor(Math.random() * 2 ** 32)) : seedText;
        if (!/^\d+$/.test(seed)) throw new Error(`seed must be a non-negative integer, got ${seedText}`);
        const next = { game: $("game").value, options: $("options").value.trim(), seed, dealer: Number($("dealer").value || 0), actions: [] };
        await call("board", next);   // the core checks the game, the options and the dealer first
        line = next;
        $("seed").value = seed;
        await show();
    });
}

async function analyse() {
    if (!line) return;
    const token = {};
    analysing = token;
    $("analyse").disabled = true;
    $("cancel").disabled = false;
    $("view").textContent = "analysing…";
    try {
        const r = await call("analyse", { line, seconds: Number($("seconds").value), method: $("method").value });
        $("view").textContent = `${r.method}: best ${r.bestText}; ` + r.table.map((row) => `${row.action} ${fmt(row.value)} (${row.visits ?? "-"})`).join(", ");
    } catch (e) {
        $("view").textContent = e.message;
    } finally {
        if (analysing === token) { analysing = null; $("analyse").disabled = false; $("cancel").disabled = true; }
    }
}

// Stops the running analysis: the worker ends at once, its requests fail, a new worker takes over.
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
$("deal").onclick = deal;
$("analyse").onclick = analyse;
$("cancel").onclick = cancel;
call("games").then(({ games, version }) => {
    $("game").replaceChildren(...games.map((g) => Object.assign(document.createElement("option"), { value: g, textContent: g })));
    $("version").textContent = `stich ${version} (WebAssembly)`;
    $("board").dataset.ready = "true";
}, (e) => say(e.message));
