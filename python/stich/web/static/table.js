// The table of a board, drawn alike by the served board (app.js, docs/web.md) and the static board
// (board.js, docs/wasm.md): the seats round the felt with their hands and what their side took, the
// trick in the middle with its seats, the game's other places (a talon, ...) below. A classic
// script: its functions are globals of the page. The board data `b` is the served board's shape
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
