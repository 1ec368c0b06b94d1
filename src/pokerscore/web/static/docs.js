// The API's description, drawn from /api/openapi.json (no CDN: this page is all there is).
"use strict";
(async () => {
  const spec = await (await fetch("/api/openapi.json")).json();
  const main = document.getElementById("docs");
  for (const [path, methods] of Object.entries(spec.paths)) {
    const op = methods.post;
    const section = document.createElement("section");
    section.className = "endpoint";
    const title = document.createElement("h2");
    title.textContent = "POST " + path;
    const summary = document.createElement("p");
    summary.textContent = op.summary;
    const json = op.requestBody.content["application/json"];
    // An upload: the file's bytes as the body, its name and upload id in the query.
    const schema = json ? json.schema : {
      properties: Object.fromEntries((op.parameters || []).map((p) => [p.name + " (query)", { ...p.schema, description: p.description }])),
      required: (op.parameters || []).filter((p) => p.required).map((p) => p.name + " (query)"),
    };
    const required = new Set(schema.required || []);
    const table = document.createElement("table");
    table.innerHTML = "<tr><th>field</th><th>type</th><th>default</th><th>meaning</th></tr>";
    for (const [name, field] of Object.entries(schema.properties)) {
      const row = table.insertRow();
      const type = field.type === "array" ? "array of strings" : field.type;
      const cells = [name, type, required.has(name) ? "required" : JSON.stringify(field.default ?? null), field.description];
      for (const text of cells) row.insertCell().textContent = text;
    }
    section.append(title, summary, table);
    main.append(section);
  }
  document.body.dataset.ready = "1";
})();
