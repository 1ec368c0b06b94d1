// The preflop heat map: the 169 starting hands on the 13 x 13 grid, each coloured by its exact
// equity against a random hand (the shipped table, /api/preflop) or against one class chosen;
// hover a cell for its figures. Colours run red (worst shown) to yellow to green (best shown).
"use strict";

let classes = [];  // grid order, from /api/ranges/grid

function colour(share) {
  const stops = [[215, 48, 39], [254, 224, 139], [26, 152, 80]];
  const [from, to, part] = share <= 0.5 ? [stops[0], stops[1], share / 0.5] : [stops[1], stops[2], (share - 0.5) / 0.5];
  const mixed = from.map((start, at) => Math.round(start + (to[at] - start) * part));
  return `rgb(${mixed.join(",")})`;
}

function describe(against, row) {
  if (against === "random") {
    return `${row.hand}: ${(100 * row.equity).toFixed(2)} % against a random hand ` +
      `(wins ${row.wins.toLocaleString("en")}, ties ${row.ties.toLocaleString("en")} of ${row.total.toLocaleString("en")} deals)`;
  }
  return `${row.hand1}: ${(100 * row.equity).toFixed(2)} % against ${row.hand2} (${row.pairs.toLocaleString("en")} combo pairs)`;
}

async function draw() {
  const against = $("against").value;
  try {
    const result = await api("preflop", { against });
    const rows = against === "random" ? result.vs_random : result.heads_up;
    const byHand = new Map(rows.map((row) => [row.hand || row.hand1, row]));
    const equities = rows.map((row) => row.equity);
    const [low, high] = [Math.min(...equities), Math.max(...equities)];
    const heat = $("heat");
    heat.replaceChildren();
    for (const name of classes) {
      const row = byHand.get(name);
      const cell = document.createElement("div");
      cell.dataset.hand = name;
      cell.dataset.equity = String(row.equity);
      const share = high > low ? (row.equity - low) / (high - low) : 0.5;
      cell.style.background = colour(share);
      if (share > 0.85 || share < 0.1) cell.style.color = "#fff";  // on the darkest greens and reds
      cell.title = describe(against, row);
      cell.innerHTML = `${name}<span>${(100 * row.equity).toFixed(1)}</span>`;
      cell.addEventListener("mouseenter", () => { $("info").textContent = cell.title; });
      heat.append(cell);
    }
    $("info").textContent = `from ${(100 * low).toFixed(1)} % (red) to ${(100 * high).toFixed(1)} % (green); hover a hand for its figures`;
    showError("");
    document.body.dataset.against = against;
  } catch (error) {
    showError(error.message);
  }
}

async function start() {
  classes = (await api("ranges/grid", { game: "holdem" })).classes;
  for (const name of classes) $("against").append(new Option(name, name));
  $("against").addEventListener("change", draw);
  await draw();
  document.body.dataset.ready = "1";
}

start().catch((error) => showError(error.message));
