// The hand-histories page: files dropped (uploaded to the server's temporary folder), a folder
// of this machine, or a database of hands made by `histories import` (/api/histories/database/…:
// its report filtered by a `where` and grouped `by`, its hands, a hand rebuilt from its actions); the players' figures (/api/histories/report, the `histories --json` object,
// its progress streamed); a player's net against all-in EV (SVG drawn here); the hand list with
// its filters (/api/histories/hands); and the replayer of one hand (/api/histories/hand), step
// by step. Every poker rule is the server's: this page shows what the API answers.
"use strict";

const source = {};          // {upload: id} or {folder: path}
let reportRequest = null;   // the AbortController of the report in flight
let listRequest = null;
let shownHands = [];
let replay = null;          // the hand replayed: the API's answer
let stepAt = 0;

const money = (value) => value === null || value === undefined ? "" : Number(value).toLocaleString("en", { maximumFractionDigits: 2 });
const percent = (value) => (100 * value).toFixed(0) + " %";
const SUIT_SIGNS = { s: "♠", h: "♥", d: "♦", c: "♣" };

const STUD_GAMES = new Set(["stud", "stud-8", "razz"]);

function cardSpan(card) {
  const span = document.createElement("span");
  span.className = "card";
  if (!card) { span.textContent = "??"; span.classList.add("hidden-card"); return span; }
  span.dataset.card = card;
  span.textContent = card[0] + SUIT_SIGNS[card[1]];
  if (card[1] === "h" || card[1] === "d") span.classList.add("red");
  return span;
}

// ---- a database of hands (pokerscore histories import) ---------------------------------------

function useDatabase() {
  const database = $("database").value.trim();
  if (!database) return;
  delete source.upload; delete source.folder;
  source.database = database;
  loadReport(null);
}

function databaseFields() {
  const body = { database: source.database };
  const where = $("f-where").value.trim();
  if (where) body.where = where;
  if ($("f-by").value) body.by = $("f-by").value;
  return body;
}

// The database's report in the shape the page shows: one row a group and player.
async function loadDatabaseReport(player) {
  $("summary").textContent = "reading the database…";
  const body = databaseFields();
  if (player) body.player = player;
  const result = await api("histories/database/report", body, reportRequest.signal);
  const players = [];
  for (const group of result.groups) {
    for (const stats of group.players) players.push({ ...stats, group: group.group });
  }
  showReport({ ...result, players, database: true });
}

// ---- the files ------------------------------------------------------------------------------

async function uploadFiles(files) {
  if (!files.length) return;
  delete source.folder; delete source.database;
  let upload = null;
  $("summary").textContent = `uploading ${files.length} file(s)…`;
  try {
    for (const file of files) {
      const query = new URLSearchParams({ name: file.name });
      if (upload) query.set("upload", upload);
      const response = await fetch("/api/histories/upload?" + query, { method: "POST", body: file });
      const payload = await response.json();
      if (!response.ok) throw new Error(payload.error);
      upload = payload.upload;
    }
    source.upload = upload;
    showError("");
    await loadReport(null);
  } catch (error) {
    $("summary").textContent = "";
    showError(error.message);
  }
}

function useFolder() {
  const folder = $("folder").value.trim();
  if (!folder) return;
  delete source.upload; delete source.database;
  source.folder = folder;
  loadReport(null);
}

// ---- the report -----------------------------------------------------------------------------

async function loadReport(player) {
  if (reportRequest) reportRequest.abort();
  reportRequest = new AbortController();
  const bar = $("progress");
  bar.hidden = false; bar.removeAttribute("value");
  $("stop").hidden = false;
  $("summary").textContent = "replaying the hands…";
  try {
    if (source.database) { await loadDatabaseReport(player); return; }
    const body = { ...source };
    if (player) body.player = player;
    const result = await apiStream("histories/report", body, reportRequest.signal, (done, total) => {
      if (total) { bar.max = total; bar.value = done; }
      $("summary").textContent = `replaying the hands… ${(done / 1048576).toFixed(1)} of ${(total / 1048576).toFixed(1)} MB`;
    });
    showReport(result);
    showError("");
  } catch (error) {
    if (error.name === "AbortError") { $("summary").textContent = "stopped"; return; }
    $("summary").textContent = "";
    showError(error.message);
  } finally {
    bar.hidden = true;
    $("stop").hidden = true;
  }
}

function showReport(result) {
  $("report").hidden = false;
  $("db-controls").hidden = !result.database;
  $("file-filters").hidden = Boolean(result.database);
  const grouped = Boolean(result.database && result.by);
  for (const cell of document.querySelectorAll(".group-col")) cell.hidden = !grouped;
  $("summary").textContent = result.database
    ? `${result.hands.toLocaleString("en")} hands from the database` + (result.where ? ` kept by ${result.where}` : "")
    : `${result.hands.toLocaleString("en")} hands replayed from ${result.files} file(s), ` +
      `${result.bad} bad, ${result.disagreements} disagreeing with the site`;
  const body = $("players").tBodies[0];
  body.replaceChildren();
  for (const stats of result.players) {
    const row = body.insertRow();
    row.dataset.player = stats.player;
    if (stats.player === result.player) row.classList.add("chosen");
    if (grouped) { const cell = row.insertCell(); cell.className = "group-col"; cell.textContent = stats.group ?? ""; }
    const cells = [stats.player, stats.hands.toLocaleString("en"), money(stats.net), money(stats.allin_ev_net),
                   stats.bb_per_100.toFixed(1), percent(stats.vpip), percent(stats.pfr), percent(stats.wtsd), percent(stats.wsd)];
    for (const text of cells) row.insertCell().textContent = text;
    row.addEventListener("click", () => choosePlayer(stats.player));
  }
  const choices = $("f-player");
  const chosen = result.player || choices.value;
  choices.replaceChildren(new Option("everyone", ""));
  for (const name of new Set(result.players.map((stats) => stats.player))) choices.append(new Option(name, name));
  choices.value = result.players.some((stats) => stats.player === chosen) ? chosen : "";
  drawGraph(result.series || [], result.player);
  loadHands(false);
  document.body.dataset.reports = String(Number(document.body.dataset.reports || 0) + 1);
}

function choosePlayer(player) {
  $("f-player").value = player;
  loadReport(player);
}

// Net won (solid) and all-in EV adjusted net (dashed), added up hand by hand, drawn as SVG.
function drawGraph(series, player) {
  const svg = $("graph");
  const NS = svg.namespaceURI;  // the SVG namespace, from the element in the page
  svg.replaceChildren();
  $("graph-title").textContent = player ? `${player}: net won and all-in EV adjusted net, hand by hand`
    : "click a player: net won and all-in EV adjusted net, hand by hand";
  const [width, height, left, bottom] = [480, 240, 52, 22];
  const add = (name, attributes, text) => {
    const element = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    if (text !== undefined) element.textContent = text;
    svg.append(element);
    return element;
  };
  add("rect", { x: left, y: 4, width: width - left - 6, height: height - bottom - 4, class: "plot" });
  if (!series.length) return;
  const values = series.flat().concat([0]);
  let [low, high] = [Math.min(...values), Math.max(...values)];
  if (low === high) { low -= 1; high += 1; }
  const x = (index) => left + (width - left - 8) * (series.length === 1 ? 1 : index / (series.length - 1));
  const y = (value) => 6 + (height - bottom - 10) * (high - value) / (high - low);
  add("line", { x1: left, x2: width - 6, y1: y(0), y2: y(0), class: "zero" });
  for (const value of [low, high]) {
    add("text", { x: left - 4, y: y(value) + 4, "text-anchor": "end", class: "tick" }, money(value));
  }
  add("text", { x: (width + left) / 2, y: height - 4, "text-anchor": "middle", class: "tick" }, `${series.length} hands`);
  for (const [index, name] of [[1, "ev"], [0, "net"]]) {
    const points = series.map((pair, at) => `${x(at).toFixed(1)},${y(pair[index]).toFixed(1)}`).join(" ");
    add("polyline", { points, class: "line " + name, "data-last": String(series[series.length - 1][index]) });
  }
}

// ---- the hand list --------------------------------------------------------------------------

function filters() {
  if (source.database) {
    const body = databaseFields();
    delete body.by;
    if ($("f-player").value) body.player = $("f-player").value;
    return body;
  }
  const body = { ...source };
  const value = (id) => $(id).value.trim();
  if (value("f-player")) body.player = value("f-player");
  if (value("f-game")) body.game = value("f-game");
  if (body.player && value("f-position")) body.position = value("f-position");
  if (body.player && value("f-min") !== "") body.min_net = Number(value("f-min"));
  if (body.player && value("f-max") !== "") body.max_net = Number(value("f-max"));
  return body;
}

async function loadHands(more) {
  if (listRequest) listRequest.abort();
  listRequest = new AbortController();
  const body = { ...filters(), offset: more ? shownHands.length : 0, limit: 100 };
  try {
    const path = source.database ? "histories/database/hands" : "histories/hands";
    const result = await api(path, body, listRequest.signal);
    const games = $("f-game");
    if (result.variants && games.options.length !== result.variants.length + 1) {
      const chosen = games.value;
      games.replaceChildren(new Option("any", ""));
      for (const variant of result.variants) games.append(new Option(variant, variant));
      games.value = chosen;
    }
    const rows = $("hands").tBodies[0];
    if (!more) { rows.replaceChildren(); shownHands = []; }
    for (const hand of result.rows) {
      shownHands.push(hand);
      const row = rows.insertRow();
      row.dataset.file = hand.file;
      row.dataset.hand = hand.hand;
      if (hand.seq !== undefined) row.dataset.seq = hand.seq;
      const cells = [source.database ? hand.file.split(/[\\/]/).pop() : hand.file, hand.hand, hand.hand_id || "", hand.variant, hand.stakes,
                     hand.players ?? "", hand.position ?? "", hand.hole ?? "", money(hand.net), money(hand.allin_ev)];
      for (const text of cells) row.insertCell().textContent = text;
      if (hand.net !== undefined && hand.net !== null) row.cells[8].className = hand.net < 0 ? "loss" : "win";
      row.addEventListener("click", () => openHand(hand.file, hand.hand, hand.seq));
    }
    $("hand-count").textContent = `${shownHands.length} of ${result.hands} hands`;
    $("more").hidden = shownHands.length >= result.hands;
    showError("");
  } catch (error) {
    if (error.name === "AbortError") return;
    showError(error.message);
  }
}

// ---- the replayer ---------------------------------------------------------------------------

async function openHand(file, number, seq) {
  try {
    replay = source.database
      ? await api("histories/database/hand", { database: source.database, seq: Number(seq) })
      : await api("histories/hand", { ...source, file, hand: Number(number) });
    showError("");
  } catch (error) {
    showError(error.message);
    return;
  }
  $("replayer").hidden = false;
  const title = replay.hand_id ? `hand #${replay.hand_id}` : `hand ${replay.hand}`;
  const shownFile = source.database ? replay.file.split(/[\\/]/).pop() : replay.file;
  $("replay-title").textContent = `${title} (${shownFile}): ${replay.variant} ${replay.stakes}` +
    (replay.site ? `, ${replay.site}` : "");
  const seats = $("seats");
  seats.replaceChildren();
  replay.players.forEach((player, index) => {
    const seat = document.createElement("div");
    seat.className = "seat";
    seat.dataset.seat = index;
    seat.innerHTML = `<div class="name"></div><div class="cards"></div>
      <div>stack <span class="stack"></span></div><div>bet <span class="bet"></span></div>
      <div class="equity"></div>`;
    // stud's seats have no position (no blinds, no button): the player's name alone
    seat.querySelector(".name").textContent = player.position ? `${player.player} (${player.position})` : player.player;
    seats.append(seat);
  });
  // a button per street of the hand (stud's third to seventh, or preflop to river)
  $("streets").replaceChildren(...[...new Set(replay.steps.map((step) => step.street))].map((street) => {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.street = street;
    button.textContent = street;
    button.addEventListener("click", () => showStreet(street));
    return button;
  }));
  const list = $("actions");
  list.replaceChildren();
  replay.steps.forEach((step, index) => {
    const item = document.createElement("li");
    item.textContent = step.text;
    item.addEventListener("click", () => showStep(index));
    list.append(item);
  });
  showStep(0);
  $("replayer").scrollIntoView({ block: "nearest" });
}

// the board, or a board run more than once: a line per run, its cards and who won its share
function boardOf(step) {
  if (!step.runs || !step.runs.length) return step.board.map(cardSpan);
  return step.runs.map((run, at) => {
    const line = document.createElement("div");
    line.className = "run";
    const label = document.createElement("span");
    label.className = "method";
    label.textContent = `run ${at + 1} `;
    line.append(label, ...run.map(cardSpan));
    const won = step.run_won && step.run_won[at];
    if (won) {
      const takes = won.map((amount, seat) => amount ? `${replay.players[seat].player} ${money(amount)}` : "")
        .filter(Boolean).join(", ");
      if (takes) line.append(` takes: ${takes}`);
    }
    return line;
  });
}

function showStep(index) {
  if (!replay) return;
  stepAt = Math.max(0, Math.min(index, replay.steps.length - 1));
  const step = replay.steps[stepAt];
  $("step-number").textContent = `step ${stepAt + 1} of ${replay.steps.length}: ${step.street}`;
  $("step-text").textContent = step.text;
  $("pot").textContent = money(step.pot);
  $("board").replaceChildren(...boardOf(step));
  replay.players.forEach((player, seat) => {
    const box = $("seats").children[seat];
    box.classList.toggle("folded", step.folded[seat]);
    box.classList.toggle("to-act", step.to_act === seat);
    box.classList.toggle("acting", step.actor === seat);
    box.querySelector(".stack").textContent = money(step.stacks[seat]);
    box.querySelector(".bet").textContent = money(step.bets[seat]);
    const hole = step.holes[seat];
    box.querySelector(".cards").replaceChildren(...(hole ? hole.map((card, at) => {
      const span = cardSpan(card);
      // stud: the first two cards and the seventh are dealt face down
      if (STUD_GAMES.has(replay.game) && (at < 2 || at === 6)) span.classList.add("down-card");
      return span;
    }) : []));
    const equity = step.equity ? step.equity[seat] : null;
    let note = equity === null || equity === undefined ? "" : `all-in equity ${(100 * equity).toFixed(1)} %`;
    if (note && step.equity_samples) note += " (sampled)";
    if (step.won && step.won[seat]) note = `takes ${money(step.won[seat])}`;
    box.querySelector(".equity").textContent = note;
  });
  // how the all-in equity was found: sampled past the exact count (stud, three players or more
  // before sixth street), or none at all (the draw games)
  $("equity-note").textContent = step.equity_samples
    ? `all-in equity sampled: ${step.equity_samples.toLocaleString("en-US")} deals of the cards to come (too many to count exactly)`
    : replay.equity_note || "";
  [...$("actions").children].forEach((item, at) => item.classList.toggle("now", at === stepAt));
}

function showStreet(street) {
  if (!replay) return;
  const index = replay.steps.findIndex((step) => step.street === street);
  if (index >= 0) showStep(index);
}

// ---- wiring ---------------------------------------------------------------------------------

function start() {
  $("files").addEventListener("change", () => uploadFiles([...$("files").files]));
  // Files dropped anywhere on the page are read, the drop zone lit while they are over it (a
  // drop just beside the zone opened the file in the browser, and the page was gone).
  const drop = $("drop");
  const files = (event) => event.dataTransfer && [...event.dataTransfer.types].includes("Files");
  window.addEventListener("dragover", (event) => {
    if (!files(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    drop.classList.add("over");
  });
  window.addEventListener("dragleave", (event) => { if (!event.relatedTarget) drop.classList.remove("over"); });
  window.addEventListener("drop", (event) => {
    if (!files(event)) return;
    event.preventDefault();
    drop.classList.remove("over");
    uploadFiles([...event.dataTransfer.files]);
  });
  $("load").addEventListener("click", useFolder);
  $("folder").addEventListener("keydown", (event) => { if (event.key === "Enter") useFolder(); });
  $("open-db").addEventListener("click", useDatabase);
  $("database").addEventListener("keydown", (event) => { if (event.key === "Enter") useDatabase(); });
  $("apply-db").addEventListener("click", () => loadReport($("f-player").value || null));
  $("f-where").addEventListener("keydown", (event) => { if (event.key === "Enter") loadReport($("f-player").value || null); });
  $("f-by").addEventListener("change", () => loadReport($("f-player").value || null));
  $("stop").addEventListener("click", () => { if (reportRequest) reportRequest.abort(); });
  $("f-player").addEventListener("change", () => loadReport($("f-player").value || null));
  for (const id of ["f-game", "f-position"]) $(id).addEventListener("change", () => loadHands(false));
  for (const id of ["f-min", "f-max"]) $(id).addEventListener("input", debounce(() => loadHands(false), 300));
  $("more").addEventListener("click", () => loadHands(true));
  $("first").addEventListener("click", () => showStep(0));
  $("prev").addEventListener("click", () => showStep(stepAt - 1));
  $("next").addEventListener("click", () => showStep(stepAt + 1));
  $("last").addEventListener("click", () => showStep(Infinity));
  document.addEventListener("keydown", (event) => {
    if (!replay || ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement.tagName)) return;
    const moves = { ArrowRight: stepAt + 1, ArrowLeft: stepAt - 1, Home: 0, End: Infinity };
    if (event.key in moves) { event.preventDefault(); showStep(moves[event.key]); }
  });
  document.body.dataset.ready = "1";
}

start();
