// The equity page: a range grid per player for the two-card games (click, drag to paint, a
// weight field and the wheel for weights, a top-X % slider, a right click for a class's suits),
// ranges as text (kept in sync through /api/ranges), board and dead cards, the game, exact or
// sampled, and the equity, asked again whenever anything changes (common.js: the API call and
// the card picker). Plain JavaScript, shipped with pokerscore; every poker rule (what a range
// holds, the top-X % ordering, equity) is the server's.
"use strict";

const PLAYERS = [{ text: "QQ+, AKs" }, { text: "random" }];
let classes = [];          // the grid's classes, row by row (from /api/ranges/grid)
let gridGame = "";         // the game those classes are of
let equityRequest = null;  // the AbortController of the equity request in flight

function game() { return $("game").value; }
function twoCards() { return game() === "holdem" || game() === "short-deck"; }  // the grid's games
function stud() { return ["stud", "stud-8", "razz"].includes(game()); }
const SUIT_ORDER = "shdc";

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
    <div class="painting"><label>weight <input type="number" class="weight" min="1" max="100" step="5" value="100"
      aria-label="player ${index + 1} weight"> %</label> <span class="hint">wheel: a class's weight; right click: its suits</span></div>
    <div class="grid" role="grid"></div>
    <div class="suits" hidden><div class="suits-title"></div><div class="suit-grid"></div></div>`;
  player.box = box;
  player.input = box.querySelector(".range-text");
  player.grid = box.querySelector(".grid");
  player.weight = box.querySelector(".weight");
  player.suits = box.querySelector(".suits");
  player.held = {};
  fillGrid(player);
  player.input.value = player.text;
  player.input.addEventListener("input", debounce(() => readText(player), 250));
  const slider = box.querySelector(".top");
  const label = box.querySelector(".top-value");
  slider.addEventListener("input", debounce(async () => {
    label.textContent = slider.value + " %";
    try {
      // Numbered, as setRange's questions are: two positions of the slider asked while the
      // server is busy may be answered in either order, and the newer one counts.
      const asked = player.topAsked = (player.topAsked || 0) + 1;
      const top = await api("ranges/top", { percent: Number(slider.value) });
      if (asked !== player.topAsked) return;
      await setRange(player, { range: "", add: top.classes, weight: paintWeight(player) });
    } catch (error) { showError(error.message); }
  }, 60));
  paintable(player);
  weighable(player);
  return box;
}

function fillGrid(player) {
  player.cells = new Map();
  player.grid.replaceChildren();
  player.grid.style.gridTemplateColumns = `repeat(${Math.round(Math.sqrt(classes.length))}, 1fr)`;
  for (const name of classes) {
    const cell = document.createElement("div");
    cell.textContent = name;
    cell.dataset.hand = name;
    if (name.length === 2) cell.classList.add("pair");
    player.grid.append(cell);
    player.cells.set(name, cell);
  }
  player.suits.hidden = true;
}

// The weight painting adds (the field, in per cent).
function paintWeight(player) {
  const percent = Math.min(100, Math.max(1, Number(player.weight.value) || 100));
  return percent / 100;
}

// The wheel over a class moves its weight by a tenth (to nothing: the class goes); a right
// click opens its suits: each combo of the class, held (with its weight) or not, a click flips it.
function weighable(player) {
  player.grid.addEventListener("wheel", (event) => {
    const cell = event.target.closest(".grid div");
    if (!cell) return;
    event.preventDefault();
    const name = cell.dataset.hand;
    const now = player.held[name] || 0;
    const next = Math.round(10 * Math.min(1, Math.max(0, now + (event.deltaY < 0 ? 0.1 : -0.1)))) / 10;
    if (next === now) return;
    setRange(player, next > 0 ? { range: player.text, add: [name], weight: next }
                              : { range: player.text, remove: [name] });
  }, { passive: false });
  player.grid.addEventListener("contextmenu", (event) => {
    const cell = event.target.closest(".grid div");
    if (!cell) return;
    event.preventDefault();
    player.suitsOf = cell.dataset.hand;
    showSuits(player);
  });
}

// The suit picker: a 4 x 4 grid, first card's suit by row, second's by column; a pair's
// combos above the diagonal, a suited class's on it, an offsuit class's off it.
async function showSuits(player) {
  const name = player.suitsOf;
  if (!name || !player.cells.has(name)) { player.suits.hidden = true; return; }
  try {
    const asked = player.suitsAsked = (player.suitsAsked || 0) + 1;
    const read = await api("ranges", { game: game(), range: player.text, suits: name });
    if (asked !== player.suitsAsked) return;
    const box = player.suits.querySelector(".suit-grid");
    box.replaceChildren();
    player.suits.querySelector(".suits-title").textContent = `${name}: ${Object.values(read.suits).filter((w) => w > 0).length} of ${Object.keys(read.suits).length} combos (click to flip)`;
    for (const [row, first] of [...SUIT_ORDER].entries()) {
      for (const [column, second] of [...SUIT_ORDER].entries()) {
        const combo = name[0] + first + name[1] + second;
        const button = document.createElement("button");
        button.type = "button";
        const weight = read.suits[combo];
        if (weight === undefined || (name.length === 2 && row >= column)) {
          button.disabled = true;
          button.className = "none";
        } else {
          button.textContent = combo.replace(/[shdc]/g, (suit) => SUITS.find((s) => s[0] === suit)[1]);
          button.dataset.combo = combo;
          button.classList.toggle("on", weight > 0);
          button.title = weight > 0 ? `weight ${weight}` : "not held";
          button.addEventListener("click", () => setRange(player, weight > 0
            ? { range: player.text, remove: [combo] }
            : { range: player.text, add: [combo], weight: paintWeight(player) }));
        }
        box.append(button);
      }
    }
    player.suits.hidden = false;
  } catch (error) { showError(error.message); }
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
    if (!cell || event.button !== 0) return;  // the right button opens the suits: no paint
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
    await setRange(player, on ? { range: player.text, add: names, weight: paintWeight(player) }
                              : { range: player.text, remove: names });
  };
  window.addEventListener("pointerup", finish);
  window.addEventListener("pointercancel", finish);
}

// Ask the server what a range holds; show it in the text and on the grid; then the equity.
// Stud hands are cards, read by the equity itself.
async function setRange(player, request) {
  try {
    if (stud()) {
      player.text = request.range;
      showError("");
      await computeEquity();
      return;
    }
    const asked = player.asked = (player.asked || 0) + 1;
    const read = await api("ranges", { game: game(), ...request });
    if (asked !== player.asked) return;  // a newer question was asked meanwhile: its answer counts
    player.text = read.range;
    if (document.activeElement !== player.input || request.add || request.remove) {
      player.input.value = read.range;
    }
    showGrid(player, read.classes || {});
    if (!player.suits.hidden) await showSuits(player);
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
  player.held = held;
  for (const [name, cell] of player.cells) {
    const share = held[name] || 0;
    cell.classList.toggle("on", share >= 1);
    cell.classList.toggle("part", share > 0 && share < 1);
    cell.style.setProperty("--share", `${(100 * share).toFixed(0)}%`);  // a part held fills part
    cell.title = share > 0 && share < 1 ? `${name}: ${(100 * share).toFixed(0)} %` : name;
  }
}

// What the method controls ask of the equity: exact, a number of showdowns, or the default.
function methodFields() {
  const choice = $("method-choice").value;
  if (choice === "exact") return { exact: true };
  if (choice === "sampled") return { samples: Math.max(1, Math.round(Number($("samples").value) || 100000)) };
  return {};
}

// ---- the answer -----------------------------------------------------------------------------

const PREVIEW = 20000;  // showdowns of the quick first answer, preflop (live as you paint)

function showResult(result, preview) {
  const body = $("result").tBodies[0];
  body.replaceChildren();
  $("scoop-head").hidden = result.players[0].scoop === undefined;
  result.players.forEach((player, index) => {
    const row = body.insertRow();
    const cells = [index + 1, player.range, player.combos,
                   (100 * player.equity).toFixed(2), (100 * player.win).toFixed(2), (100 * player.tie).toFixed(2)];
    for (const text of cells) row.insertCell().textContent = text;
    row.cells[3].className = "equity";
    if (player.scoop !== undefined) row.insertCell().textContent = (100 * player.scoop).toFixed(2);
  });
  $("method").textContent = (result.method === "exact"
    ? `exact: ${Number(result.boards).toLocaleString("en")} ${result.board.length ? "runouts" : "boards"}`
    : `sampled: ${Number(result.samples).toLocaleString("en")} showdowns (±${(100 * Math.max(...result.stderr)).toFixed(2)} %)`)
    + (preview ? "; the full answer is coming…" : "");
}

async function computeEquity() {
  const ranges = PLAYERS.map((player) => player.text.trim());
  if (equityRequest) equityRequest.abort();  // the superseded question's work stops on the server
  const body = $("result").tBodies[0];
  if (ranges.some((text) => !text)) {
    body.replaceChildren();
    $("method").textContent = "paint or type a range for each player";
    return;
  }
  const asked = equityRequest = new AbortController();
  const current = () => asked === equityRequest && !asked.signal.aborted;
  $("method").textContent = "computing…";
  const fields = { players: ranges, board: stud() ? "" : $("board").value, dead: $("dead").value, game: game() };
  if ($("method-choice").value === "auto" && !stud() && !fields.board.trim()) {
    // Preflop, a quick sample first (some milliseconds: live as you paint), then the answer
    // itself, asked once the sample is shown: asked together, they shared the cores and the
    // sample came late.
    try {
      const preview = await api("equity", { ...fields, samples: PREVIEW, seed: 1 }, asked.signal);
      if (!current()) return;
      showResult(preview, true);
    } catch (error) {
      if (!current()) return;  // superseded; otherwise the answer itself says what is wrong
    }
  }
  try {
    const result = await apiStream("equity", { ...fields, ...methodFields() }, asked.signal, (done, total) => {
      if (!current()) return;
      showProgress($("progress"), done, total);
      if (!body.rows.length) $("method").textContent = `computing… ${(100 * done / total).toFixed(0)} %`;
    });
    if (!current()) return;
    $("progress").hidden = true;
    showResult(result, false);
    showError("");
  } catch (error) {
    if (error.name === "AbortError" || !current()) return;
    $("progress").hidden = true;
    body.replaceChildren();
    $("method").textContent = "";
    showError(error.message);
  }
}

// A new game: the grid of its classes (two-card games), the slider (hold'em's order), the board
// (none in stud); every player's text read again.
async function changeGame() {
  if (twoCards() && gridGame !== game()) {
    classes = (await api("ranges/grid", { game: game() })).classes;
    gridGame = game();
    for (const player of PLAYERS) fillGrid(player);
  }
  for (const player of PLAYERS) {
    player.grid.hidden = player.box.querySelector(".painting").hidden = !twoCards();
    player.box.querySelector(".slider").hidden = game() !== "holdem";
    if (!twoCards()) player.suits.hidden = true;
  }
  $("board-box").hidden = stud();
  for (const player of PLAYERS) await readText(player);
}

async function start() {
  classes = (await api("ranges/grid", { game: "holdem" })).classes;
  gridGame = "holdem";
  cardPicker($("picker"), $("board"), 5, computeEquity);
  cardPicker($("dead-picker"), $("dead"), 52, computeEquity);
  const players = $("players");
  PLAYERS.forEach((_, index) => players.append(buildPlayer(index)));
  $("game").addEventListener("change", () => changeGame().catch((error) => showError(error.message)));
  $("method-choice").addEventListener("change", () => {
    $("samples-box").hidden = $("method-choice").value !== "sampled";
    computeEquity();
  });
  $("samples").addEventListener("input", debounce(computeEquity, 300));
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
