// The video poker game: the terminal game's session on its SQLite history, through
// /api/videopoker/game/* (start, deal, draw, end): deal, hold (click a card or press 1 to 5),
// draw, and the trainer's verdict on the hold. The server keeps the game; this page only shows it.
"use strict";

let state = null;  // the machine as the server last showed it
let hold = 0;      // the cards held (bit i: card i)
let busy = false;

function cardFace(card) {
  const suit = SUITS.find((entry) => entry[0] === card[1]);
  return { text: (card[0] === "T" ? "10" : card[0]) + (suit ? suit[1] : card.slice(1)), red: suit ? suit[2] : false };
}

function show(next) {
  state = next;
  const hand = $("hand");
  hand.replaceChildren();
  const cards = state.outcome && state.phase === "ready" ? state.outcome.final : state.cards;
  cards.forEach((card, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "card";
    button.dataset.card = card;
    const face = cardFace(card);
    button.textContent = face.text;
    if (face.red) button.classList.add("red");
    if (state.phase === "holding") {
      button.classList.toggle("held", Boolean(hold >> index & 1));
      button.addEventListener("click", () => toggle(index));
    } else if (state.outcome && state.outcome.hold >> index & 1) {
      button.classList.add("kept");
    }
    hand.append(button);
  });
  $("deal").disabled = state.phase !== "ready";
  $("draw").disabled = state.phase !== "holding";
  const stats = state.stats;
  $("meters").textContent = `credits ${state.credits.toLocaleString("en")} · bet ${state.coins} · hands ${stats.hands}`
    + (stats.return === null ? "" : ` · returned ${(100 * stats.return).toFixed(1)} %`)
    + (state.trainer ? ` · EV lost ${stats.ev_lost.toFixed(2)} coins in ${stats.mistakes} mistakes` : "");
}

function toggle(index) {
  if (!state || state.phase !== "holding") return;
  hold ^= 1 << index;
  show(state);
}

async function act(path, body) {
  if (busy) return;
  busy = true;
  try {
    const next = await api("videopoker/game/" + path, { game: state.game, ...body });
    showError("");
    return next;
  } catch (error) {
    showError(error.message);
    return null;
  } finally {
    busy = false;
  }
}

async function deal() {
  const next = await act("deal", { coins: Number($("coins").value) });
  if (!next) return;
  hold = 0;
  $("say").textContent = "hold cards (click, or 1 to 5), then draw";
  $("verdict").textContent = "";
  $("verdict").className = "verdict";
  show(next);
}

async function draw() {
  const next = await act("draw", { hold });
  if (!next) return;
  const outcome = next.outcome;
  $("say").textContent = outcome.win ? `${outcome.hand}! You win ${outcome.win.toLocaleString("en")} coins.`
                                     : `${outcome.hand}: no win. Enter deals again.`;
  if (next.trainer) {
    const best = outcome.best.held.length ? outcome.best.held.join(" ") : "nothing";
    $("verdict").className = "verdict " + (outcome.mistake ? "mistake" : "right");
    $("verdict").textContent = outcome.mistake
      ? `✗ Trainer: the best hold was ${best} (${outcome.best.ev.toFixed(4)} per coin); you held `
        + `${outcome.held.join(" ") || "nothing"} (${outcome.hold_ev.toFixed(4)}): ${outcome.ev_lost.toFixed(2)} coins lost.`
        + (outcome.words ? ` ${outcome.words[0].toUpperCase()}${outcome.words.slice(1)}.` : "")
      : `✓ Trainer: a best hold (${outcome.best.ev.toFixed(4)} per coin).`;
  }
  show(next);
}

async function sit() {
  if (state) navigator.sendBeacon("/api/videopoker/game/end", JSON.stringify({ game: state.game }));
  try {
    const next = await api("videopoker/game/start", {
      paytable: $("paytable").value, coins: Number($("coins").value), trainer: $("trainer").checked,
    });
    hold = next.phase === "holding" ? next.hold : 0;
    $("say").textContent = next.resumed ? "a hand left in play is back: hold and draw" : "deal when ready";
    $("verdict").textContent = "";
    showError("");
    show(next);
  } catch (error) { showError(error.message); }
}

async function start() {
  for (const table of (await api("videopoker/paytables", {})).paytables) {
    $("paytable").append(new Option(table.title, table.name));
  }
  $("sit").addEventListener("click", sit);
  $("paytable").addEventListener("change", sit);
  $("trainer").addEventListener("change", sit);
  $("deal").addEventListener("click", deal);
  $("draw").addEventListener("click", draw);
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "SELECT" || event.target.tagName === "INPUT") return;
    if (event.key >= "1" && event.key <= "5") toggle(Number(event.key) - 1);
    else if (event.key === "Enter" && state) {
      event.preventDefault();
      if (state.phase === "ready") deal(); else draw();
    }
  });
  // Leaving the page ends the game: a hand in play waits, paid for, for the next one.
  window.addEventListener("pagehide", () => {
    if (state) navigator.sendBeacon("/api/videopoker/game/end", JSON.stringify({ game: state.game }));
  });
  await sit();
  document.body.dataset.ready = "1";
}

start().catch((error) => showError(error.message));
