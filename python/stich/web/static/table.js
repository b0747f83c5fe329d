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
