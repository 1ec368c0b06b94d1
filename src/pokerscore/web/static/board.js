// The board page: a range on a flop, turn or river, made hands and draws with their combos
// (weighted, card removal exact) and shares, from /api/board (the `board --json` object); the
// range on a grid, class by class (/api/board/classes), where a clicked row lights its combos;
// against another range, the equity distribution as a chart and the next cards that help or
// hurt the most. Long work streams its progress; a newer question stops the older one.
"use strict";

let request = null;       // the AbortController of the breakdown in flight
let gridRequest = null;   // the same for the grid's classes
let byClass = {};         // the grid's classes: {combos, made, draws}
let selected = null;      // the row lit on the grid: ["made" | "draws", slug]
let gridGame = "";
let drawn = { tables: null, equity: null };  // what the lists show now (their answer's JSON)

function words(slug) { return slug.replaceAll("-", " "); }
function twoCards() { return $("game").value !== "omaha"; }

function fill(table, counts, total, kind) {
  const body = table.tBodies[0];
  body.replaceChildren();
  for (const [slug, count] of Object.entries(counts)) {
    if (Number(count) === 0) continue;  // the classes and draws the range holds
    const share = total ? Number(count) / total : 0;
    const row = body.insertRow();
    row.dataset.slug = slug;
    row.tabIndex = 0;
    for (const text of [words(slug), String(count), (100 * share).toFixed(1)]) row.insertCell().textContent = text;
    const bar = document.createElement("span");
    bar.className = "bar";
    bar.style.width = (100 * share).toFixed(1) + "%";
    row.insertCell().append(bar);
    const choose = () => { selected = selected && selected[1] === slug && selected[0] === kind ? null : [kind, slug]; light(); };
    row.addEventListener("click", choose);
    row.addEventListener("keydown", (event) => { if (event.key === "Enter") choose(); });
  }
}

// ---- the grid ----------------------------------------------------------------------------

async function buildGrid() {
  if (gridGame === $("game").value) return;
  gridGame = $("game").value;
  const classes = (await api("ranges/grid", { game: gridGame })).classes;
  const grid = $("grid");
  grid.replaceChildren();
  grid.style.gridTemplateColumns = `repeat(${Math.round(Math.sqrt(classes.length))}, 1fr)`;
  for (const name of classes) {
    const cell = document.createElement("div");
    cell.textContent = name;
    cell.dataset.hand = name;
    if (name.length === 2) cell.classList.add("pair");
    grid.append(cell);
  }
}

// The grid: the range's classes held (pale), and with a row chosen, how much of each class
// makes that hand or holds that draw (filled by share).
function light() {
  for (const row of document.querySelectorAll(".breakdown tbody tr")) {
    const table = row.closest("table").id;
    row.classList.toggle("selected", Boolean(selected && selected[0] === table && selected[1] === row.dataset.slug));
  }
  let lit = 0;
  for (const cell of $("grid").children) {
    const held = byClass[cell.dataset.hand];
    const count = held && selected ? (held[selected[0]][selected[1]] || 0) : 0;
    const share = held ? count / held.combos : 0;
    lit += count;
    cell.classList.toggle("held", Boolean(held));
    cell.classList.toggle("on", share >= 1);
    cell.classList.toggle("part", share > 0 && share < 1);
    cell.style.setProperty("--share", `${(100 * share).toFixed(0)}%`);
    cell.title = held ? `${cell.dataset.hand}: ${held.combos} combos` + (selected ? `, ${count} ${words(selected[1])}` : "") : cell.dataset.hand;
  }
  $("grid-title").textContent = selected ? `${words(selected[1])}: ${lit} combos lit on the grid`
                                         : "click a row: its combos on the grid";
}

async function loadGrid(body) {
  if (gridRequest) gridRequest.abort();
  if (!twoCards()) { $("grid").hidden = true; return; }
  gridRequest = new AbortController();
  $("grid").hidden = false;
  try {
    await buildGrid();
    const result = await apiStream("board/classes", body, gridRequest.signal,
                                   (done, total) => showProgress($("grid-progress"), done, total));
    byClass = result.classes;
    light();
    document.body.dataset.grid = String(Number(document.body.dataset.grid || 0) + 1);
  } catch (error) {
    if (error.name !== "AbortError") showError(error.message);
  } finally {
    $("grid-progress").hidden = true;
  }
}

// ---- the equity against a range -------------------------------------------------------------

function showEquity(result) {
  const chart = $("chart"), streets = $("streets");
  chart.replaceChildren();
  streets.replaceChildren();
  if (!result.against) { $("equity-title").textContent = "type a range to play against: the equity"; return; }
  const against = result.against;
  $("equity-title").textContent = `equity against ${against.range}: ${(100 * against.equity).toFixed(2)} % `
    + `(${against.runouts.toLocaleString("en")} runouts); the range's combos by their equity`;
  const bars = against.distribution.map((share, index) => ({
    label: `${index * 10}`, value: share, title: `${index * 10}-${index * 10 + 10} %: ${(100 * share).toFixed(1)} % of the combos`,
  }));
  chart.append(barChart(bars, { top: Math.max(...against.distribution, 0.01), format: (v) => (100 * v).toFixed(0), caption: "equity distribution" }));
  const street = result.by_street;
  if (!street || !street.next_street) return;
  const cards = Object.entries(street.next_cards).sort((a, b) => b[1] - a[1]);
  // a list of cards (or turn and river pairs, "Ah 2c") with the equity after them and the
  // change from the equity now; on a flop a turn card's chip shows the rivers after it
  const list = (name, title, chosen, className, from, turns) => {
    const box = document.createElement("div");
    box.className = "street " + className;
    box.dataset.list = name;
    const head = document.createElement("h3");
    head.textContent = title;
    box.append(head);
    for (const [card, equity] of chosen) {
      const item = document.createElement(turns ? "button" : "span");
      item.className = "chip" + (card.length === 2 && "hd".includes(card[1]) ? " red" : "");
      item.dataset.card = card;
      const change = 100 * (equity - from);
      item.textContent = `${card} ${(100 * equity).toFixed(1)} % (${change >= 0 ? "+" : ""}${change.toFixed(1)})`;
      if (turns) {
        item.type = "button";
        item.title = `the river cards after the ${card}`;
        item.addEventListener("click", () => showRivers(card));
      }
      box.append(item);
    }
    streets.append(box);
    return box;
  };
  const onFlop = Object.keys(street.rivers || {}).length > 0;
  list("next", `${street.next_street} cards that help most`, cards.slice(0, 5), "help", street.equity, onFlop);
  list("next", `${street.next_street} cards that hurt most`, cards.slice(-5).reverse(), "hurt", street.equity, onFlop);
  if (!onFlop) return;
  // each turn and river once (the higher card first), best first, ties by the cards (highest
  // first), as the library ranks them (EquityDistribution.runouts_ranked)
  const pairs = [];
  for (const [turn, rivers] of Object.entries(street.rivers)) {
    for (const [river, equity] of Object.entries(rivers)) {
      if (cardOrder(turn) > cardOrder(river)) pairs.push([`${turn} ${river}`, equity, cardOrder(turn), cardOrder(river)]);
    }
  }
  pairs.sort((a, b) => b[1] - a[1] || b[2] - a[2] || b[3] - a[3]);
  list("runouts", `turn and river that help most (${pairs.length.toLocaleString("en")} runouts)`, pairs.slice(0, 5), "help", street.equity, false);
  list("runouts", "turn and river that hurt most", pairs.slice(-5).reverse(), "hurt", street.equity, false);
  const rivers = document.createElement("div");
  rivers.id = "rivers";
  streets.append(rivers);
  const showRivers = (turn) => {
    const after = Object.entries(street.rivers[turn])
      .sort((a, b) => b[1] - a[1] || cardOrder(b[0]) - cardOrder(a[0]));
    const help = list("rivers", `river cards after the ${turn} (${(100 * street.next_cards[turn]).toFixed(1)} %) that help most`,
      after.slice(0, 5), "help", street.next_cards[turn], false);
    const hurt = list("rivers", `river cards after the ${turn} that hurt most`, after.slice(-5).reverse(), "hurt",
      street.next_cards[turn], false);
    rivers.replaceChildren(help, hurt);
    rivers.dataset.turn = turn;
  };
  showRivers(cards[0][0]);  // the turn that helps most, until another is clicked
}

// a card's place in pokerscore's order (rank, then suit clubs, diamonds, hearts, spades)
function cardOrder(card) {
  return 4 * "23456789TJQKA".indexOf(card[0].toUpperCase()) + "cdhs".indexOf(card[1]);
}

// ---- the breakdown --------------------------------------------------------------------------

async function breakdown() {
  if (request) request.abort();
  const asked = request = new AbortController();
  $("summary").textContent = "computing…";
  const against = $("against").value.trim();
  const cards = ($("board").value.match(/[2-9tjqka][cdhs]/gi) || []).length;
  const body = { range: $("range").value, board: $("board").value, game: $("game").value };
  try {
    const result = await apiStream("board", {
      ...body, ...(against ? { against, by_street: cards < 5 } : {}),
    }, request.signal, (done, total) => showProgress($("equity-progress"), done, total));
    if (asked !== request) return;  // a newer question was asked meanwhile: its answer counts
    const total = Number(result.combos);
    $("summary").textContent = `${result.range}: ${result.combos} combos on ${result.board.join(" ")}`;
    // Each part drawn again only when its answer changed: a list the reader is clicking in (a
    // turn card chosen for its rivers, a row lit) stays as it is when the same answer comes again.
    const tables = JSON.stringify([result.range, result.board, result.combos, result.made, result.draws]);
    if (tables !== drawn.tables) {
      fill($("made"), result.made, total, "made");
      fill($("draws"), result.draws, total, "draws");
      drawn.tables = tables;
    }
    if (selected && !(selected[1] in result[selected[0]] && Number(result[selected[0]][selected[1]]))) selected = null;
    const equity = JSON.stringify([result.against || null, result.by_street || null]);
    if (equity !== drawn.equity) {
      showEquity(result);
      drawn.equity = equity;
    }
    showError("");
    document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
    await loadGrid(body);
  } catch (error) {
    if (error.name === "AbortError" || asked !== request) return;
    $("summary").textContent = "";
    fill($("made"), {}, 0, "made");
    fill($("draws"), {}, 0, "draws");
    showEquity({});
    drawn = { tables: null, equity: null };
    showError(error.message);
  } finally {
    $("equity-progress").hidden = true;
  }
}

cardPicker($("picker"), $("board"), 5, breakdown);
$("range").addEventListener("input", debounce(breakdown, 250));
$("against").addEventListener("input", debounce(breakdown, 250));
$("game").addEventListener("change", breakdown);
breakdown().then(() => { document.body.dataset.ready = "1"; });
