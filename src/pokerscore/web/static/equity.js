// The equity page: a 13 x 13 range grid per player (click, drag to paint, a top-X % slider),
// ranges as text (kept in sync through /api/ranges), a board picker, and the equity, asked
// again whenever anything changes (common.js: the API call and the card picker). Plain JavaScript, shipped with pokerscore; every poker rule
// (what a range holds, the top-X % ordering, equity) is the server's.
"use strict";

const PLAYERS = [{ text: "QQ+, AKs" }, { text: "random" }];
let classes = [];          // the grid's classes, row by row (from /api/ranges/grid)
let equityRequest = null;  // the AbortController of the equity request in flight

function game() { return $("game").value; }
function holdem() { return game() === "holdem"; }

// ---- the players: grid, slider, text -------------------------------------------------------

function buildPlayer(index) {
  const player = PLAYERS[index];
  const box = document.createElement("div");
  box.className = "player";
  box.id = "player-" + (index + 1);
  box.innerHTML = `<h2>Player ${index + 1}</h2>
    <input type="text" class="range-text" aria-label="player ${index + 1} range" spellcheck="false">
    <div class="slider"><span>top</span><input type="range" class="top" min="0" max="100" step="0.5" value="0"
      aria-label="player ${index + 1} top percent"><output class="top-value">0 %</output></div>
    <div class="grid" role="grid"></div>`;
  player.box = box;
  player.input = box.querySelector(".range-text");
  player.grid = box.querySelector(".grid");
  player.cells = new Map();
  for (const name of classes) {
    const cell = document.createElement("div");
    cell.textContent = name;
    cell.dataset.hand = name;
    if (name.length === 2) cell.classList.add("pair");
    player.grid.append(cell);
    player.cells.set(name, cell);
  }
  player.input.value = player.text;
  player.input.addEventListener("input", debounce(() => readText(player), 250));
  const slider = box.querySelector(".top");
  const label = box.querySelector(".top-value");
  slider.addEventListener("input", debounce(async () => {
    label.textContent = slider.value + " %";
    try {
      const top = await api("ranges/top", { percent: Number(slider.value) });
      await setRange(player, { range: "", add: top.classes });
    } catch (error) { showError(error.message); }
  }, 60));
  paintable(player);
  return box;
}

// Click a class to flip it; press and drag to paint (or erase, if the first cell was on).
function paintable(player) {
  let painting = null;  // {on: bool, touched: Set}
  const cellAt = (event) => {
    const target = document.elementFromPoint(event.clientX, event.clientY);
    return target && target.parentElement === player.grid ? target : null;
  };
  const touch = (cell) => {
    if (!cell || painting.touched.has(cell.dataset.hand)) return;
    painting.touched.add(cell.dataset.hand);
    cell.classList.toggle("on", painting.on);
    cell.classList.remove("part");
  };
  player.grid.addEventListener("pointerdown", (event) => {
    const cell = cellAt(event);
    if (!cell) return;
    event.preventDefault();
    painting = { on: !cell.classList.contains("on"), touched: new Set() };
    touch(cell);
  });
  player.grid.addEventListener("pointermove", (event) => { if (painting) touch(cellAt(event)); });
  const finish = async () => {
    if (!painting) return;
    const { on, touched } = painting;
    painting = null;
    const names = [...touched];
    await setRange(player, on ? { range: player.text, add: names } : { range: player.text, remove: names });
  };
  window.addEventListener("pointerup", finish);
  window.addEventListener("pointercancel", finish);
}

// Ask the server what a range holds; show it in the text and on the grid; then the equity.
async function setRange(player, request) {
  try {
    const read = await api("ranges", { game: game(), ...request });
    player.text = read.range;
    if (document.activeElement !== player.input || request.add || request.remove) {
      player.input.value = read.range;
    }
    showGrid(player, read.classes || {});
    showError("");
    await computeEquity();
  } catch (error) {
    showError(error.message);
  }
}

function readText(player) {
  return setRange(player, { range: player.input.value });
}

function showGrid(player, held) {
  for (const [name, cell] of player.cells) {
    const share = held[name] || 0;
    cell.classList.toggle("on", share >= 1);
    cell.classList.toggle("part", share > 0 && share < 1);
  }
}

// ---- the answer -----------------------------------------------------------------------------

async function computeEquity() {
  const ranges = PLAYERS.map((player) => player.text.trim());
  if (equityRequest) equityRequest.abort();
  const body = $("result").tBodies[0];
  if (ranges.some((text) => !text)) {
    body.replaceChildren();
    $("method").textContent = "paint or type a range for each player";
    return;
  }
  equityRequest = new AbortController();
  $("method").textContent = "computing…";
  try {
    const result = await api("equity", { players: ranges, board: $("board").value, game: game() },
                             equityRequest.signal);
    body.replaceChildren();
    result.players.forEach((player, index) => {
      const row = body.insertRow();
      const cells = [index + 1, player.range, player.combos,
                     (100 * player.equity).toFixed(2), (100 * player.win).toFixed(2), (100 * player.tie).toFixed(2)];
      for (const text of cells) row.insertCell().textContent = text;
      row.cells[3].className = "equity";
    });
    $("method").textContent = result.method === "exact"
      ? `exact: ${Number(result.boards).toLocaleString("en")} ${result.board.length ? "runouts" : "boards"}`
      : `sampled: ${Number(result.samples).toLocaleString("en")} showdowns (±${(100 * Math.max(...result.stderr)).toFixed(2)} %)`;
    showError("");
  } catch (error) {
    if (error.name === "AbortError") return;
    body.replaceChildren();
    $("method").textContent = "";
    showError(error.message);
  }
}

async function start() {
  classes = (await api("ranges/grid", { game: "holdem" })).classes;
  cardPicker($("picker"), $("board"), 5, computeEquity);
  const players = $("players");
  PLAYERS.forEach((_, index) => players.append(buildPlayer(index)));
  $("game").addEventListener("change", async () => {
    for (const player of PLAYERS) player.grid.hidden = player.box.querySelector(".slider").hidden = !holdem();
    for (const player of PLAYERS) await readText(player);
  });
  for (const player of PLAYERS) {
    const read = await api("ranges", { game: game(), range: player.text });
    player.text = read.range;
    player.input.value = read.range;
    showGrid(player, read.classes || {});
  }
  await computeEquity();
  document.body.dataset.ready = "1";
}

start().catch((error) => showError(error.message));
