// The board page: a range on a flop, turn or river, made hands and draws with their combos
// (weighted, card removal exact) and shares, from /api/board (the `board --json` object).
"use strict";

let request = null;  // the AbortController of the breakdown in flight

function words(slug) { return slug.replaceAll("-", " "); }

function fill(table, counts, total) {
  const body = table.tBodies[0];
  body.replaceChildren();
  for (const [slug, count] of Object.entries(counts)) {
    if (Number(count) === 0) continue;  // the classes and draws the range holds
    const share = total ? Number(count) / total : 0;
    const row = body.insertRow();
    row.dataset.slug = slug;
    for (const text of [words(slug), String(count), (100 * share).toFixed(1)]) row.insertCell().textContent = text;
    const bar = document.createElement("span");
    bar.className = "bar";
    bar.style.width = (100 * share).toFixed(1) + "%";
    row.insertCell().append(bar);
  }
}

async function breakdown() {
  if (request) request.abort();
  request = new AbortController();
  $("summary").textContent = "computing…";
  try {
    const result = await api("board", { range: $("range").value, board: $("board").value, game: $("game").value },
                             request.signal);
    const total = Number(result.combos);
    $("summary").textContent = `${result.range}: ${result.combos} combos on ${result.board.join(" ")}`;
    fill($("made"), result.made, total);
    fill($("draws"), result.draws, total);
    showError("");
    document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
  } catch (error) {
    if (error.name === "AbortError") return;
    $("summary").textContent = "";
    fill($("made"), {}, 0);
    fill($("draws"), {}, 0);
    showError(error.message);
  }
}

cardPicker($("picker"), $("board"), 5, breakdown);
$("range").addEventListener("input", debounce(breakdown, 250));
$("game").addEventListener("change", breakdown);
breakdown().then(() => { document.body.dataset.ready = "1"; });
