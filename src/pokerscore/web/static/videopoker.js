// The video poker advisor: every hold of a deal with its exact return, best first, from
// /api/videopoker/advise (the `videopoker advise --json` object).
"use strict";

let request = null;

async function advise() {
  if (request) request.abort();
  request = new AbortController();
  $("summary").textContent = "counting the draws of 32 holds…";
  const body = $("holds").tBodies[0];
  try {
    const result = await api("videopoker/advise", {
      cards: $("cards").value, paytable: $("paytable").value, coins: Number($("coins").value),
    }, request.signal);
    body.replaceChildren();
    result.holds.forEach((hold, index) => {
      const row = body.insertRow();
      row.dataset.mask = hold.mask;
      if (index === 0) row.className = "best";
      const held = hold.held.length ? hold.held.join(" ") : "discard all";
      for (const text of [index + 1, held, hold.ev.toFixed(6), hold.ev_exact]) row.insertCell().textContent = text;
    });
    $("summary").textContent = `best: ${result.holds[0].held.join(" ") || "discard all"}, returning ${result.holds[0].ev.toFixed(4)} per coin`;
    showError("");
  } catch (error) {
    if (error.name === "AbortError") return;
    body.replaceChildren();
    $("summary").textContent = "";
    showError(error.message);
  }
}

async function start() {
  for (const table of (await api("videopoker/paytables", {})).paytables) {
    $("paytable").append(new Option(table.title, table.name));
  }
  cardPicker($("picker"), $("cards"), 5, advise);
  $("paytable").addEventListener("change", advise);
  $("coins").addEventListener("change", advise);
  await advise();
  document.body.dataset.ready = "1";
}

start().catch((error) => showError(error.message));
