// The stich analysis board (docs/web.md): plain JavaScript over the JSON API under /api/.
// Every rule and value comes from the server (the core); this file only draws and sends clicks.
// The table itself (seats, hands, trick, places), the option form, the set-up of hands and the
// el/cardButton helpers are in table.js (shared with the static board).
"use strict";

const $ = (id) => document.getElementById(id);
let games = [];        // GET /api/games
let board = null;      // the board as the server last sent it
let openData = null;   // the open-hand values at board.at (POST .../solve)
let viewData = null;   // the analysis from the seat's view (a job's result)
let job = null;        // the running analysis
let setup = null;      // the set-up of hands: {deck, seat, hands}
let chooser = null;    // the card whose actions are offered (a card played with a choice)
let generation = 0;    // bumped on every change of position: answers for an older one are dropped

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (x, digits = 2) => (x === null || x === undefined ? "–" : (x > 0 ? "+" : "") + Number(x).toFixed(digits));
const finished = (j) => ["done", "cancelled", "error"].includes(j.status);

// The server's token (docs/web.md, "Who may use it"): it comes in the address stich serve printed
// (?token=...), is kept for this origin (its host and port) and taken out of the address bar, and
// goes with every API request as a header (a header, unlike a cookie, no other site can make the
// browser send).
const TOKEN_KEY = "stich-token";
const token = (() => {
  const given = new URLSearchParams(location.search).get("token");
  let kept = null;
  try {
    if (given !== null) localStorage.setItem(TOKEN_KEY, given);
    kept = localStorage.getItem(TOKEN_KEY);
  } catch (e) { /* no storage (a private window's policy): the token lives as long as the page */ }
  if (given !== null) history.replaceState(null, "", location.pathname);
  return given ?? kept;
})();

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (token) init.headers["Authorization"] = `token ${token}`;
  if (method === "POST") {   // the API reads JSON only: every POST says so, a body or none
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body ?? {});
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function say(text) { $("message").textContent = text || ""; }

// --- the game and its options ------------------------------------------------------------------

function currentGame() { return games.find((g) => g.name === $("game").value); }

function renderOptions() { drawOptions($("options"), currentGame().options); }

function readOptions() { return optionValues($("options"), currentGame().options); }

// --- a board: dealt, pasted or loaded ------------------------------------------------------------

async function deal(hands) {
  const body = { game: $("game").value, options: readOptions(), dealer: Number($("dealer").value || 0) };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  if (hands) body.hands = hands;
  try { show(await api("POST", "/api/boards", body)); } catch (e) { say(e.message); }
}

async function loadText(kind) {
  const text = $("paste").value;
  const body = kind === "position" ? { position: text } : { records: text, index: Number($("record-index").value || 1) - 1 };
  try {
    const data = await api("POST", "/api/boards", body);
    if (data.records) say(`record ${body.index + 1} of ${data.records.length}`);
    show(data);
  } catch (e) { say(e.message); }
}

async function loadFile(file) {
  const text = await file.text();
  $("paste").value = text;
  await loadText(text.trimStart().startsWith("stich position") ? "position" : "records");
}

function choose(card) {
  chooser = card;
  render();
}

function show(data) {
  board = data;
  chooser = null;
  generation += 1;
  if (board.game !== $("game").value && games.some((g) => g.name === board.game)) {
    $("game").value = board.game;
    renderOptions();
  }
  openData = null;
  viewData = null;
  render();
  refresh();
}

async function act(action) {
  try { say(""); show(await api("POST", `/api/boards/${board.id}/apply`, { action })); } catch (e) { say(e.message); }
}

async function goto(at) {
  if (!board || at < 0 || at > board.history.length || at === board.at) return;
  try { show(await api("POST", `/api/boards/${board.id}/goto`, { at })); } catch (e) { say(e.message); }
}

// --- drawing --------------------------------------------------------------------------------------

function valueOf(action) {
  const open = openData && openData.values ? openData.values[action] : undefined;
  const move = viewData ? viewData.moves.find((m) => m.action === action) : undefined;
  return { open, view: move };
}

function render() {
  const b = board;
  const who = b.terminal ? `deal over: returns ${b.returns.map((r, s) => `seat ${s} ${fmt(r, 0)}`).join(", ")} (${b.unit})`
    : `seat ${b.to_act} to act (${b.phase})`;
  $("status").textContent = `${b.title}: ${who}`;
  $("table").setAttribute("data-at", b.at);
  $("table").setAttribute("data-board", b.id);
  drawTable(b, (button, card) => {
    if (card.legal) {
      button.classList.add("legal");
      // One action plays the card at once; several (the card with a choice) are offered beside.
      button.onclick = () => (card.actions.length === 1 ? act(card.actions[0]) : choose(card.card));
      const opens = card.actions.map((a) => valueOf(a).open).filter((v) => v !== undefined);
      if (opens.length) {
        button.append(el("span", { class: "val open" }, fmt(Math.max(...opens), 0)));
        if (card.actions.length === 1) button.setAttribute("data-open-value", opens[0]);
        if (card.actions.includes(openData.best)) button.classList.add("best");
      }
      const views = card.actions.map((a) => valueOf(a).view).filter(Boolean);
      if (views.length) button.append(el("span", { class: "val view" }, fmt(Math.max(...views.map((v) => v.mean)), 1)));
      if (card.card === chooser) button.classList.add("chosen");
    } else {
      button.classList.add("illegal");
      button.title = card.reason || "not a legal card now";
      button.setAttribute("data-reason", card.reason || "");
      button.onclick = () => say(`${card.card}: ${card.reason || "not a legal card now"}`);
    }
  });
  // The actions that are not cards of the hand (bids, declarations, ...), with their values.
  const actions = $("actions");
  actions.innerHTML = "";
  const ofCards = new Set(b.cards.flatMap((c) => c.actions));
  const chosen = b.cards.find((c) => c.card === chooser);
  for (const text of b.legal.filter((t) => !ofCards.has(t) || (chosen && chosen.actions.includes(t)))) {
    const button = el("button", { class: "action", "data-action": text, onclick: () => act(text) }, text);
    const v = valueOf(text);
    if (v.view) button.append(el("span", { class: "val" }, fmt(v.view.mean, 2)));
    actions.append(button);
  }
  $("where").textContent = `${b.at} / ${b.history.length}`;
  renderHistory();
  renderValues();
  renderDecision();
  $("state-text").textContent = b.text;
}

function renderHistory() {
  const list = $("history");
  list.innerHTML = "";
  const mistakes = new Set((board.review ? board.review.decisions : [])
    .filter((d) => (d.view && d.view.mistake) || (d.open && d.open.loss > 0)).map((d) => d.index));
  for (const text of board.prior) list.append(el("li", { class: "prior", title: "before the pasted position" }, text));
  board.history.forEach((h, k) => {
    const item = el("li", { onclick: () => goto(k + 1), "data-index": k }, `${h.seat} ${h.action}`);
    if (k + 1 === board.at) item.classList.add("current");
    if (mistakes.has(k)) item.classList.add("mistake");
    list.append(item);
  });
}

function renderValues() {
  const b = board;
  const chart = $("chart");
  chart.innerHTML = "";
  $("table").setAttribute("data-open-at", openData ? b.at : "");
  $("table").setAttribute("data-view-at", viewData ? b.at : "");
  if (b.terminal) { $("open-info").textContent = ""; $("view-info").textContent = ""; return; }
  drawValuesChart(chart, b.legal.map((action) => ({ action, ...valueOf(action) })));
  if (openData) {
    const line = [];
    let trick = [];
    for (const m of openData.line) {
      trick.push(`${m.seat}:${m.action}`);
      if (m.took !== null) { line.push(trick.join(" ") + ` [${m.took}]`); trick = []; }
    }
    if (trick.length) line.push(trick.join(" "));
    $("open-info").textContent = `open-hand (every hand known): best ${openData.best}, value ${fmt(openData.value, 0)} ${openData.unit}\n`
      + `principal line: ${line.join(" | ")}\n${openData.totals.join("; ")}`;
  }
  if (viewData) {
    let text = `from seat ${viewData.observer}'s view: ${viewData.method} (${viewData.why})\n${viewData.verdict}`;
    if (viewData.line && viewData.line.length) text += `\nline: ${viewData.line.map((m) => `${m.seat}:${m.action}`).join(" ")}`;
    $("view-info").textContent = text;
  }
}

function renderDecision() {
  const d = board.decision;
  const box = $("decision");
  if (!d) { box.textContent = board.review ? "no choice at this action" : ""; renderReviewChart(); return; }
  let text = `action ${d.index}: seat ${d.seat} chose ${d.played}`;
  if (d.open) text += `\nopen-hand: best ${d.open.best} (${fmt(d.open.value_best, 0)}), chosen ${fmt(d.open.value_played, 0)}, loss ${d.open.loss}`;
  if (d.view) {
    const v = d.view;
    const interval = v.loss_low === null ? "" : ` [${fmt(v.loss_low, 3)}, ${fmt(v.loss_high, 3)}]`;
    text += `\nfrom the seat's view (${v.method}): best ${v.best}, loss ${v.loss === null ? "–" : v.loss.toFixed(3)}${interval}`
      + (v.mistake ? " — a mistake" : "");
  }
  box.textContent = text;
  renderReviewChart();
}

function renderReviewChart() { drawReviewChart($("review-chart"), board, goto); }

// --- analyses ----------------------------------------------------------------------------------------

async function refresh() {
  const gen = generation;
  await cancelJob(false);
  $("open-info").textContent = "";
  $("view-info").textContent = "";
  if (board.terminal) return;
  api("POST", `/api/boards/${board.id}/solve`).then((data) => {
    if (gen === generation) { openData = data; render(); }
  }, (e) => {
    if (gen === generation) $("open-info").textContent = `open-hand values: ${e.message}`;
  });
  if ($("auto").checked) startAnalysis();
}

async function startAnalysis() {
  await cancelJob(false);
  const gen = generation;
  const body = { seconds: Number($("seconds").value || 1), method: $("method").value };
  try {
    job = await api("POST", `/api/boards/${board.id}/analyse`, body);
  } catch (e) { $("view-info").textContent = `analysis: ${e.message}`; return; }
  $("cancel").disabled = false;
  while (job && gen === generation && !finished(job)) {
    $("progress").value = Math.min(1, (job.elapsed || 0) / job.budget);
    $("progress").title = JSON.stringify(job.progress);
    await sleep(150);
    if (!job || gen !== generation) return;
    try { job = await api("GET", `/api/jobs/${job.id}`); } catch (e) { $("view-info").textContent = e.message; return; }
  }
  if (!job || gen !== generation) return;
  $("cancel").disabled = true;
  $("progress").value = 1;
  if (job.status === "done") { viewData = job.result; render(); }
  else $("view-info").textContent = job.status === "cancelled" ? "analysis cancelled" : `analysis: ${job.error}`;
  job = null;
}

async function cancelJob(shown) {
  const j = job;
  job = null;
  $("cancel").disabled = true;
  if (j && !finished(j)) {
    try { await api("DELETE", `/api/jobs/${j.id}`); } catch (e) { /* gone already */ }
    if (shown) $("view-info").textContent = "analysis cancelled";
  }
}

async function review() {
  const id = board.id;
  const body = { open_only: $("open-only").checked, worlds: 30, iterations: 500 };
  let j;
  try { j = await api("POST", `/api/boards/${id}/review`, body); } catch (e) { $("review-status").textContent = e.message; return; }
  while (!finished(j)) {
    $("review-status").textContent = `reviewing: ${j.progress.decisions ?? 0} of ${j.progress.total ?? "?"} actions`;
    await sleep(200);
    j = await api("GET", `/api/jobs/${j.id}`);
  }
  if (board.id === id) {
    board = await api("GET", `/api/boards/${id}`);
    render();
  }
  $("review-status").textContent = j.status === "done" ? "reviewed: step through the deal to see each verdict" : (j.error || j.status);
  $("review-status").setAttribute("data-status", j.status);
}

// --- setting the hands by clicking -------------------------------------------------------------------

async function toggleSetup() {
  const box = $("setup");
  box.hidden = !box.hidden;
  if (box.hidden) return;
  try {
    const deck = await api("POST", "/api/deck", { game: $("game").value, options: readOptions() });
    setup = { deck, seat: 0, hands: deck.places.slice(0, deck.num_players).map(() => []) };
    renderSetup();
  } catch (e) { say(e.message); box.hidden = true; }
}

function renderSetup() { drawSetup(setup, say); }

// --- text in and out ---------------------------------------------------------------------------------

function copyOut(text, what) {
  if (!text) { say(`no ${what} here`); return; }
  $("paste").value = text;
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(() => say(`${what} copied`), () => say(`${what} in the box below`));
}

async function init() {
  games = await api("GET", "/api/games");
  for (const g of games) $("game").append(el("option", { value: g.name }, g.name));
  $("game").onchange = () => { renderOptions(); $("setup").hidden = true; deal(); };
  renderOptions();
  $("deal").onclick = () => deal();
  $("setup-toggle").onclick = toggleSetup;
  $("setup-deal").onclick = () => deal(setup.hands.map((h) => (h.length ? h.join(" ") : null)));
  $("first").onclick = () => goto(0);
  $("back").onclick = () => goto(board.at - 1);
  $("forward").onclick = () => goto(board.at + 1);
  $("last").onclick = () => goto(board.history.length);
  $("analyse").onclick = startAnalysis;
  $("cancel").onclick = () => cancelJob(true);
  $("auto").onchange = () => { if ($("auto").checked && board && !board.terminal) startAnalysis(); };
  $("review").onclick = review;
  $("load-position").onclick = () => loadText("position");
  $("load-records").onclick = () => loadText("records");
  $("file").onchange = (e) => { if (e.target.files.length) loadFile(e.target.files[0]); };
  $("copy-position").onclick = () => copyOut(board.position, "position");
  $("copy-full").onclick = () => copyOut(board.full_position, "full deal");
  $("copy-record").onclick = () => copyOut(board.record, "record");
  document.addEventListener("keydown", (e) => {
    if (!board || ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) return;
    const to = { ArrowLeft: board.at - 1, ArrowRight: board.at + 1, Home: 0, End: board.history.length }[e.key];
    if (to !== undefined) { e.preventDefault(); goto(to); }
  });
  await deal();
}

init().catch((e) => say(e.message));
