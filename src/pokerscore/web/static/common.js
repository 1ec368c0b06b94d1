// What pokerscore's pages share: the API call, a debounce and the board's card picker.
"use strict";

const RANKS = "AKQJT98765432";
const SUITS = [["s", "♠", false], ["h", "♥", true], ["d", "♦", true], ["c", "♣", false]];

const $ = (id) => document.getElementById(id);

// POST /api/<path> with a JSON object; the answer's JSON, or an Error with the server's line.
async function api(path, body, signal) {
  const response = await fetch("/api/" + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const payload = await response.json();
  if (!response.ok) throw new Error(payload.error);
  return payload;
}

function showError(message) {
  $("error").textContent = message ? "error: " + message : "";
}

function debounce(action, wait) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => action(...args), wait); };
}

// The 52 cards as buttons in `picker`, kept in sync with the text field `input` (typed cards
// such as "qh 7c" light up; a click adds or removes a card, at most `most`); `changed` runs after.
function cardPicker(picker, input, most, changed) {
  const typed = () => (input.value.match(/[2-9tjqka][cdhs]/gi) || [])  // highlighting only: the
    .map((card) => card[0].toUpperCase() + card[1].toLowerCase());     // server reads the cards
  const mark = () => {
    const cards = new Set(typed());
    for (const button of picker.children) button.classList.toggle("on", cards.has(button.dataset.card));
  };
  for (const [suit, symbol, red] of SUITS) {
    for (const rank of RANKS) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = rank + symbol;
      button.dataset.card = rank + suit;
      if (red) button.classList.add("red");
      button.addEventListener("click", () => {
        const cards = typed();
        const at = cards.indexOf(rank + suit);
        if (at >= 0) cards.splice(at, 1);
        else if (cards.length < most) cards.push(rank + suit);
        input.value = cards.join(" ");
        mark();
        changed();
      });
      picker.append(button);
    }
  }
  input.addEventListener("input", debounce(() => { mark(); changed(); }, 250));
  mark();
}

// POST /api/<path> asking for the progress as JSON lines: `progress(done, total)` at each
// report, then the answer (or an Error with the server's line). Aborting `signal` closes the
// connection, which stops the work on the server.
async function apiStream(path, body, signal, progress) {
  const response = await fetch("/api/" + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
    body: JSON.stringify(body),
    signal,
  });
  if (!(response.headers.get("Content-Type") || "").startsWith("application/x-ndjson")) {
    const payload = await response.json();  // the answer at once, or a refusal before any work
    if (!response.ok) throw new Error(payload.error);
    return payload;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let kept = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    kept += decoder.decode(value, { stream: true });
    let end;
    while ((end = kept.indexOf("\n")) >= 0) {
      const event = JSON.parse(kept.slice(0, end));
      kept = kept.slice(end + 1);
      if (event.progress) progress(event.progress.done, event.progress.total);
      else if ("result" in event) return event.result;
      else throw new Error(event.error);
    }
  }
  throw new Error("the answer stopped before its end");
}

// A <progress> element shown while `total` is known and the work not done.
function showProgress(bar, done, total) {
  bar.hidden = !(total > 0 && done < total);
  if (total > 0) { bar.max = total; bar.value = done; }
}
