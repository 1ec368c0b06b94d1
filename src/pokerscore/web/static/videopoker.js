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

// ---- the pay table: its return under perfect play, its strategy list (streamed: seconds) -----

let tables = {};      // the built-in pay tables by name (their pays per coin)
let tableWork = null; // the AbortController of the analysis or list in flight

function paytableFields() {
  return { paytable: $("paytable").value, coins: Number($("coins").value) };
}

async function streamed(path, body, bar) {
  if (tableWork) tableWork.abort();
  tableWork = new AbortController();
  try {
    const result = await apiStream(path, body, tableWork.signal, (done, total) => showProgress(bar, done, total));
    showError("");
    return result;
  } catch (error) {
    if (error.name !== "AbortError") showError(error.message);
    return null;
  } finally {
    bar.hidden = true;
  }
}

async function analyze() {
  const body = $("analysis").tBodies[0];
  body.replaceChildren();
  $("return").textContent = "playing all 2,598,960 deals…";
  const result = await streamed("videopoker/analyze", paytableFields(), $("analyze-progress"));
  if (!result) { $("return").textContent = ""; return; }
  const table = tables[result.paytable];
  for (const pay of [...table.classes].reverse()) {
    const probability = result.probabilities[pay.name] || 0;
    const per = pay.per_coin[result.coins - 1];  // pays per coin bet
    const row = body.insertRow();
    row.dataset.hand = pay.name;
    for (const text of [pay.title, probability.toFixed(9), String(per), (probability * per).toFixed(6)]) row.insertCell().textContent = text;
  }
  $("return").textContent = `return ${(100 * result.return).toFixed(4)} % (exact ${result.return_exact}), `
    + `standard deviation ${result.stdev.toFixed(2)} bets`
    + (result.royal_cycle ? `, a royal flush every ${Math.round(result.royal_cycle).toLocaleString("en")} games` : "");
}

async function strategy() {
  const body = $("strategy-lines").tBodies[0];
  body.replaceChildren();
  $("strategy-return").textContent = "writing the list…";
  const lines = Math.round(Number($("lines").value)) || null;
  const result = await streamed("videopoker/strategy", { ...paytableFields(), lines }, $("strategy-progress"));
  if (!result) { $("strategy-return").textContent = ""; return; }
  let group = null;
  result.lines.forEach((line, index) => {
    if (line.group && line.group !== group) {
      group = line.group;
      const head = body.insertRow();
      head.className = "group";
      const cell = head.insertCell();
      cell.colSpan = 4;
      cell.textContent = group;
    }
    const row = body.insertRow();
    for (const text of [index + 1, line.text, line.deals ? line.ev.toFixed(4) : "", line.deals.toLocaleString("en")]) row.insertCell().textContent = text;
  });
  $("strategy-return").textContent = `the list returns ${(100 * result.return).toFixed(4)} %, `
    + `perfect play ${(100 * result.optimal_return).toFixed(4)} % (it costs ${(100 * result.cost).toFixed(4)} %)`;
}

async function start() {
  for (const table of (await api("videopoker/paytables", {})).paytables) {
    $("paytable").append(new Option(table.title, table.name));
    tables[table.name] = table;
  }
  $("analyze").addEventListener("click", analyze);
  $("strategy").addEventListener("click", strategy);
  cardPicker($("picker"), $("cards"), 5, advise);
  $("paytable").addEventListener("change", advise);
  $("coins").addEventListener("change", advise);
  await advise();
  document.body.dataset.ready = "1";
}

start().catch((error) => showError(error.message));
