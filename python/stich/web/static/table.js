// The table of a board, drawn alike by the served board (app.js, docs/web.md) and the static board
// (board.js, docs/wasm.md): the seats round the felt with their hands and what their side took, the
// trick in the middle with its seats, the game's other places (a talon, ...) below; the option form
// of a game and the set-up of hands by clicking. A classic script: its functions are globals of
// the page. The board data `b` is the served board's shape
// (stich/web/app.py, _board_data), which the static board's worker builds from the wasm module.
"use strict";

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "onclick") node.onclick = v;
    else if (k.startsWith("data-")) node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const c of children) node.append(c);
  return node;
}

function cardButton(card, extra = {}) {
  return el("button", { class: `card s${card.suit}`, "data-card": card.card, ...extra }, el("span", {}, card.card));
}

// Draws b's table into #felt, #trick and #places. The seat to act in the card play shows b.cards
// (its hand with the actions that play each card): `playable(button, card)` makes each clickable.
function drawTable(b, playable) {
  const felt = document.getElementById("felt");
  felt.innerHTML = "";
  const n = b.num_players;
  for (const seat of b.seats) {
    const angle = Math.PI / 2 + (2 * Math.PI * seat.seat) / n;
    const x = 50 + 33 * Math.cos(angle), y = 50 + 38 * Math.sin(angle);
    const box = el("div", { class: "seat" + (seat.seat === b.to_act ? " to-act" : ""), "data-seat": seat.seat });
    box.style.left = `${x}%`;
    box.style.top = `${y}%`;
    const dealer = seat.seat === b.dealer ? " · dealer" : "";
    const tally = seat.tally === null || seat.tally === undefined ? "" : ` · ${seat.tally}`;
    box.append(el("div", { class: "name" }, `seat ${seat.seat}${dealer}${tally}`));
    const hand = el("div", { class: "hand" });
    const playing = seat.seat === b.to_act && b.card_play;
    for (const card of playing ? b.cards : seat.hand) {
      const button = cardButton(card, { "data-seat": seat.seat });
      if (playing) playable(button, card);
      hand.append(button);
    }
    box.append(hand);
    felt.append(box);
  }
  const trick = document.getElementById("trick");
  trick.innerHTML = "";
  for (const play of b.trick) trick.append(el("div", { class: "played" }, cardButton(play), el("div", {}, `seat ${play.seat}`)));
  const places = document.getElementById("places");
  places.innerHTML = "";
  for (const place of b.places) {
    if (!place.cards.length) continue;
    const row = el("div", {}, `${place.name}: `);
    for (const card of place.cards) row.append(cardButton(card));
    places.append(row);
  }
}

// The option form of a game into `box`: an input per option as its schema describes it (the
// served board's /api/games, the static board's stich_game_schema), set to its value (else its
// default). optionValues reads the form back as { name: value }.
function drawOptions(box, options) {
  box.innerHTML = "";
  for (const o of options) {
    const current = "value" in o ? o.value : o.default;
    let input;
    if (o.kind === "bool") {
      input = el("input", { type: "checkbox", checked: !!current });
    } else if (o.kind === "choice") {
      input = el("select");
      o.choices.forEach((c, i) => input.append(el("option", { value: String(i), selected: JSON.stringify(c) === JSON.stringify(current) },
        c === null ? "(default)" : String(c))));
    } else if (o.kind === "int") {
      input = el("input", { type: "number", value: current ?? "" });
      if (o.low !== null) input.min = o.low;
      if (o.high !== null) input.max = o.high;
    } else {
      const value = Array.isArray(current) ? current.join(",") : (current ?? "");
      input = el("input", { type: "text", value, size: 14 });
    }
    input.setAttribute("data-option", o.name);
    input.title = `${o.doc} (${o.accepts})`;
    box.append(el("label", {}, o.name + " ", input));
  }
}

function optionValues(box, options) {
  const out = {};
  for (const o of options) {
    const input = box.querySelector(`[data-option="${o.name}"]`);
    let value;
    if (o.kind === "bool") value = input.checked;
    else if (o.kind === "choice") value = o.choices[Number(input.value)];
    else if (o.kind === "int") value = input.value === "" ? null : Number(input.value);
    else if (o.kind === "subset") value = input.value.split(/[\s,]+/).filter(Boolean);
    else value = input.value === "" ? null : input.value;
    if (value !== null) out[o.name] = value;
  }
  return out;
}

// The set-up of hands by clicking into #setup-seats and #setup-deck: setup = { deck: { cards,
// places: [{ size }] }, seat (the seat cards go to), hands: [card texts per seat] }; `say` tells why
// a card is refused.
function drawSetup(setup, say) {
  const seats = document.getElementById("setup-seats");
  seats.innerHTML = "";
  const given = new Set(setup.hands.flat());
  setup.hands.forEach((hand, s) => {
    const size = setup.deck.places[s].size;
    const pick = () => { setup.seat = s; drawSetup(setup, say); };
    const button = el("button", { class: s === setup.seat ? "on" : "", "data-setup-seat": s, onclick: pick },
      `seat ${s} (${hand.length}/${size})`);
    const cards = el("span", {});
    for (const text of hand) {
      const card = setup.deck.cards.find((c) => c.card === text);
      cards.append(cardButton(card, { onclick: () => { hand.splice(hand.indexOf(text), 1); drawSetup(setup, say); } }));
    }
    seats.append(el("div", {}, button, " ", cards));
  });
  const deck = document.getElementById("setup-deck");
  deck.innerHTML = "";
  for (const card of setup.deck.cards) {
    if (given.has(card.card)) continue;
    deck.append(cardButton(card, { onclick: () => {
      const hand = setup.hands[setup.seat];
      if (hand.length >= setup.deck.places[setup.seat].size) { say(`seat ${setup.seat} holds ${hand.length} cards already`); return; }
      hand.push(card.card);
      drawSetup(setup, say);
    } }));
  }
}

// The review's chart into `box`: the value of each chosen action for its seat along the deal, open-
// hand and from the seat's view, the losses in red; a dot clicked goes to its action (`goto`).
// b: { review: { decisions }, history, at, unit } (the served board's board data).
function drawReviewChart(box, b, goto) {
  box.innerHTML = "";
  if (!b.review) return;
  const ds = b.review.decisions;
  const W = 560, H = 170, pad = 28, n = Math.max(b.history.length, 1);
  const pts = (key) => ds.filter((d) => d[key] && d[key].value_played !== null).map((d) => [d.index, d[key].value_played, d]);
  const series = [["open", "#2f6fd1"], ["view", "#a34ba3"]].map(([k, c]) => [pts(k), c]);
  const ys = [0, ...series.flatMap(([p]) => p.map((q) => q[1]))];
  const lo = Math.min(...ys), hi = Math.max(...ys), span = hi - lo || 1;
  const X = (i) => pad + ((W - 2 * pad) * i) / n, Y = (v) => H - pad - ((H - 2 * pad) * (v - lo)) / span;
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("width", W);
  svg.setAttribute("height", H);
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text) node.textContent = text;
    svg.append(node);
    return node;
  };
  add("line", { x1: pad, x2: W - pad, y1: Y(0), y2: Y(0), stroke: "#999" });
  add("line", { x1: X(b.at), x2: X(b.at), y1: pad / 2, y2: H - pad, stroke: "#d08b00", "stroke-dasharray": "3 3" });
  const unit = b.unit ? ` (${b.unit})` : "";
  const label = `value of the chosen action for its seat${unit}; blue open-hand, purple from the seat's view; red: loss`;
  add("text", { x: 4, y: 12, "font-size": 10 }, label);
  for (const [p, colour] of series) {
    if (!p.length) continue;
    add("polyline", { points: p.map(([i, v]) => `${X(i)},${Y(v)}`).join(" "), fill: "none", stroke: colour });
    for (const [i, v, d] of p) {
      const bad = (d.view && d.view.mistake) || (d.open && d.open.loss > 0);
      const dot = add("circle", { cx: X(i), cy: Y(v), r: bad ? 4 : 2.5, fill: bad ? "#c00" : colour, "data-index": i });
      dot.style.cursor = "pointer";
      dot.addEventListener("click", () => goto(i));
    }
  }
  add("text", { x: pad, y: H - 8, "font-size": 10 }, "action 0");
  add("text", { x: W - pad - 40, y: H - 8, "font-size": 10 }, `action ${n}`);
  box.append(svg);
}

// The values chart of the seat to act into `chart`: a row per legal action with its open-hand value
// (a bar) and its value from the seat's view (a bar, its interval a whisker), where known.
// rows: [{ action, open (a number or undefined), view ({ mean, low, high } or undefined) }].
function drawValuesChart(chart, rows) {
  const numbers = [0];
  for (const r of rows) {
    if (r.open !== undefined) numbers.push(r.open);
    if (r.view) numbers.push(r.view.mean, r.view.low ?? r.view.mean, r.view.high ?? r.view.mean);
  }
  const lo = Math.min(...numbers), hi = Math.max(...numbers), span = hi - lo || 1;
  const at = (x) => `${(100 * (x - lo)) / span}%`;
  const width = (a, c) => `${(100 * Math.abs(c - a)) / span}%`;
  const value = (x, digits) => (x > 0 ? "+" : "") + Number(x).toFixed(digits);
  chart.append(el("div", { class: "legend" }, el("span", { class: "o" }, "■ open-hand (exact) "),
    el("span", { class: "v" }, "■ from the seat's view (mean, interval)")));
  for (const r of rows) {
    const track = el("div", { class: "track" }, el("div", { class: "zero" }));
    track.querySelector(".zero").style.left = at(0);
    if (r.open !== undefined) {
      const bar = el("div", { class: "bar open" });
      bar.style.left = at(Math.min(0, r.open));
      bar.style.width = width(0, r.open);
      track.append(bar);
    }
    if (r.view) {
      const bar = el("div", { class: "bar view" });
      bar.style.left = at(Math.min(0, r.view.mean));
      bar.style.width = width(0, r.view.mean);
      track.append(bar);
      if (r.view.low !== null && r.view.high !== null && r.view.low !== undefined) {
        const whisker = el("div", { class: "whisker" });
        whisker.style.left = at(r.view.low);
        whisker.style.width = width(r.view.low, r.view.high);
        track.append(whisker);
      }
    }
    const label = `${r.open !== undefined ? value(r.open, 0) : "–"} | ${r.view ? value(r.view.mean, 2) : "–"}`;
    const row = el("div", { class: "row", "data-action": r.action }, el("span", {}, r.action), track, el("span", {}, label));
    if (r.open !== undefined) row.setAttribute("data-open-value", r.open);
    if (r.view) row.setAttribute("data-view-value", r.view.mean);
    chart.append(row);
  }
}
