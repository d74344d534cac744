// undercroft serve: the page. Draws the Dungeon JSON the server pushes (server-sent events
// `gallery` and `status`), and asks for other galleries with POST /api/gallery.
// No build step, no dependency: plain DOM and canvas.
"use strict";

const $ = (id) => document.getElementById(id);
// This run's token (put into the page by the server): every API request carries it.
const TOKEN = document.querySelector('meta[name="undercroft-token"]').content;
const api = (url, init = {}) => fetch(url, { ...init, headers: { ...(init.headers || {}), "X-Undercroft-Token": TOKEN } });
const S = {
  gallery: null,     // the last `gallery` event (pictures kept while a save is broken)
  status: null,      // the last `status` event
  paramsKey: "",     // the parameter list the controls were built for
  single: null,      // the seed shown alone, or null
  trace: null,       // the trace of the single seed: {seed, frames} (frames not yet loaded are null)
  frame: null,       // index into trace.frames, or null for the final dungeon
  layer: "",         // chosen layer ("" = the default)
  zoomed: false,     // the zoom was set for the rule set's grid
};
window.undercroft = S; // for tests and curious users

// ---- colours: the dungeon's own palette (kinds, tile classes), then the colours the server
// fills in (`colours`: kinds without a colour, tile ids, markers, background) ----
function colours() { return (S.gallery && S.gallery.colours) || {}; }
function hashColour(text) {
  let h = 2166136261;
  for (const c of String(text)) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return `hsl(${(h >>> 0) % 360} 45% 55%)`;
}
const HEX = /^#[0-9a-fA-F]{6}$/;
function swatch(list, name) {
  const s = (list || []).find((k) => k.name === name);
  return s && HEX.test(s.colour) ? s : null;
}
function kindColour(d, kind) {
  const s = swatch(d.palette && d.palette.kinds, kind);
  return s ? s.colour : (colours().kinds || {})[kind] || hashColour(kind);
}
function kindGlyph(d, kind) {
  const s = ((d.palette && d.palette.kinds) || []).find((k) => k.name === kind);
  return s ? s.glyph : "";
}
function symbolColour(d, g) {
  const meaning = d.symbols[g];
  const p = d.palette || {};
  const s = swatch(p.kinds, meaning) || swatch(p.tiles && p.tiles.classes, meaning);
  if (s) return s.colour;
  return (colours().symbols || {})[g] || hashColour(meaning || g);
}
function tileColour(layer, id) {
  const c = colours();
  if (id === 0) return c.empty || "#22222c";
  const t = c.tiles && c.tiles[layer];
  return (t && t[id]) || hashColour(layer + id);
}

// ---- which layer to draw: the chosen one, else a symbol layer other than rooms, else a
// tile layer with something in it, else the room graph ----
function layerOf(d) {
  if (S.layer && d.layers[S.layer]) return S.layer;
  const names = Object.keys(d.layers);
  const sym = names.find((n) => n !== "rooms" && typeof d.layers[n][0] === "string");
  if (sym) return sym;
  const ids = names.find((n) => Array.isArray(d.layers[n][0]) && d.layers[n].some((r) => r.some((v) => v !== 0)));
  return ids || "rooms";
}

function roomIndex(d) {
  const at = new Int32Array(d.width * d.height).fill(-1);
  d.rooms.forEach((r, i) => r.cells.forEach(([x, y]) => { if (x >= 0 && y >= 0 && x < d.width && y < d.height) at[y * d.width + x] = i; }));
  return at;
}

// Draw `d` on `canvas` at `cell` pixels a cell; `changed` cells ([x, y]) are outlined.
function draw(canvas, d, cell, changed) {
  const p = colours();
  canvas.width = d.width * cell;
  canvas.height = d.height * cell;
  const g = canvas.getContext("2d");
  g.fillStyle = p.background || "#14141a";
  g.fillRect(0, 0, canvas.width, canvas.height);
  const layer = layerOf(d);
  const rows = d.layers[layer];
  const at = roomIndex(d);
  for (let y = 0; y < d.height; y++) {
    for (let x = 0; x < d.width; x++) {
      let c;
      if (layer === "rooms") {
        const r = at[y * d.width + x];
        c = r < 0 ? (p.empty || "#22222c") : kindColour(d, d.rooms[r].kind);
      } else if (typeof rows[y] === "string") {
        c = symbolColour(d, rows[y][x] || " ");
      } else {
        c = tileColour(layer, rows[y][x]);
      }
      g.fillStyle = c;
      const gap = layer === "rooms" && cell >= 6 ? 1 : 0;
      g.fillRect(x * cell + gap, y * cell + gap, cell - 2 * gap, cell - 2 * gap);
    }
  }
  if (layer === "rooms") drawRoomGraph(g, d, cell, at, p);
  Object.keys(d.markers).sort().forEach((name, i) => {
    const [x, y] = d.markers[name];
    const m = p.markers || ["#fff"];
    g.fillStyle = m[i % m.length];
    g.strokeStyle = "#000";
    g.beginPath();
    g.arc((x + 0.5) * cell, (y + 0.5) * cell, Math.max(1.5, cell * 0.3), 0, 2 * Math.PI);
    g.fill();
    if (cell >= 6) g.stroke();
  });
  if (changed && changed.length) {
    g.strokeStyle = "#ffcc66";
    g.lineWidth = Math.max(1, cell / 8);
    for (const [x, y] of changed) g.strokeRect(x * cell + 0.5, y * cell + 0.5, cell - 1, cell - 1);
  }
}

// Room graphs: merge the cells of one room, mark doors, write the kind's glyph.
function drawRoomGraph(g, d, cell, at, p) {
  if (cell < 6) return;
  d.rooms.forEach((r, i) => {
    g.fillStyle = kindColour(d, r.kind);
    for (const [x, y] of r.cells) {
      if (at[y * d.width + x + 1] === i && x + 1 < d.width) g.fillRect((x + 1) * cell - 1, y * cell + 1, 2, cell - 2);
      if (y + 1 < d.height && at[(y + 1) * d.width + x] === i) g.fillRect(x * cell + 1, (y + 1) * cell - 1, cell - 2, 2);
    }
  });
  g.fillStyle = p.ink || "#e6e2d6";
  for (const door of d.doors) {
    const [[ax, ay], [bx, by]] = door.cells;
    const cx = ((ax + bx) / 2 + 0.5) * cell, cy = ((ay + by) / 2 + 0.5) * cell;
    const s = Math.max(2, cell / 4);
    g.fillRect(cx - s / 2, cy - s / 2, s, s);
  }
  if (cell >= 12) {
    g.font = `bold ${Math.floor(cell * 0.6)}px ui-monospace, monospace`;
    g.textAlign = "center";
    g.textBaseline = "middle";
    d.rooms.forEach((r) => {
      const glyph = kindGlyph(d, r.kind);
      if (!glyph || !r.cells.length) return;
      const [x, y] = r.cells[0];
      g.fillStyle = "rgba(0,0,0,.7)";
      g.fillText(glyph, (x + 0.5) * cell, (y + 0.5) * cell);
    });
  }
}

// ---- the gallery ----
function zoom() { return Number($("zoom").value); }

function renderGallery(fresh) {
  const G = S.gallery;
  if (!G) return;
  if (!S.zoomed) {
    // the first pictures: about 200 pixels wide, whatever the grid
    S.zoomed = true;
    $("zoom").value = Math.max(2, Math.min(24, Math.round(200 / Math.max(1, G.rules.width))));
  }
  $("title").textContent = G.rules.name;
  $("description").textContent = G.rules.description || "";
  $("first").value = G.first;
  $("count").value = String(G.count);
  buildParams(G.rules.params, G.params);
  buildLayers(G.items.find((i) => i.dungeon));
  const box = $("gallery");
  box.replaceChildren();
  for (const item of G.items) {
    const card = document.createElement("div");
    card.className = "card" + (fresh ? " fresh" : "");
    card.dataset.seed = item.seed;
    const cap = document.createElement("div");
    cap.className = "cap";
    if (item.dungeon) {
      const cv = document.createElement("canvas");
      cv.dataset.seed = item.seed;
      draw(cv, item.dungeon, zoom());
      card.append(cv);
      cap.innerHTML = `<span class="seed">seed ${item.seed}</span><span>${item.dungeon.rooms.length} rooms · ${item.dungeon.attempts} restarts</span>`;
      card.onclick = () => openSingle(item.seed);
    } else {
      const e = document.createElement("div");
      e.className = "err";
      e.textContent = item.error;
      card.append(e);
      cap.innerHTML = `<span class="seed">seed ${item.seed}</span><span>failed</span>`;
    }
    card.append(cap);
    box.append(card);
  }
  renderStats(G.stats);
  if (S.single !== null) {
    const hadTrace = !!S.trace;
    openSingle(S.single);
    if (hadTrace) loadTrace();
  }
}

function buildLayers(item) {
  const sel = $("layer");
  const names = item ? Object.keys(item.dungeon.layers) : [];
  const key = names.join(",");
  if (sel.dataset.key === key) return;
  sel.dataset.key = key;
  sel.replaceChildren(new Option("default", ""), ...names.map((n) => new Option(n, n)));
  sel.value = names.includes(S.layer) ? S.layer : "";
}

function renderStats(st) {
  const pct = (v) => (100 * v).toFixed(0) + "%";
  const bar = (v) => `<span class="bar" data-w="${Math.round(60 * v)}"></span>`;
  let h = `<p>${st.generated} of ${st.seeds} generated${st.failed ? `, <b>${st.failed} failed</b>` : ""}</p>`;
  h += "<table><tr><td colspan=3><b>rooms per dungeon</b></td></tr>";
  for (const [n, share] of st.rooms) h += `<tr><td class=n>${n}</td><td class=n>${pct(share)}</td><td>${bar(share)}</td></tr>`;
  h += "<tr><td colspan=3><b>room kinds</b> (share with one, mean)</td></tr>";
  for (const [k, share, mean] of st.kinds) h += `<tr><td>${esc(k)}</td><td class=n>${pct(share)}</td><td class=n>${mean.toFixed(2)}</td></tr>`;
  h += "</table>";
  const a = st.attempts, t = st.time_us;
  h += `<p>restarts: mean ${a.mean.toFixed(2)}, median ${a.median ?? "-"}, max ${a.max ?? "-"}<br>`;
  h += `time per dungeon: mean ${t.mean.toFixed(0)} µs, median ${(t.median ?? 0).toFixed(0)} µs</p>`;
  $("stats").innerHTML = h;
  // widths through the CSSOM: the page's Content-Security-Policy allows no inline styles
  for (const b of $("stats").querySelectorAll(".bar")) b.style.width = b.dataset.w + "px";
}
function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

// ---- parameter controls, generated from the rule set's declared parameters ----
function buildParams(params, given) {
  const key = JSON.stringify(params.map((p) => [p.name, p.kind, p.min, p.max, p.default]));
  const form = $("params");
  if (key === S.paramsKey) return;
  S.paramsKey = key;
  form.replaceChildren();
  const files = (S.gallery && S.gallery.rules.folder_files) || [];
  for (const p of params) {
    const div = document.createElement("div");
    div.className = "param";
    const v = given[p.name] !== undefined ? String(given[p.name]) : String(p.default);
    let input, out = null;
    if (p.kind === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = v === "true";
    } else if (p.kind === "file") {
      input = document.createElement("select");
      input.append(new Option("(none)", ""), ...files.map((f) => new Option(f, f)));
      input.value = v;
    } else if (p.min !== null && p.max !== null) {
      input = document.createElement("input");
      input.type = "range";
      input.min = p.min; input.max = p.max;
      input.step = p.kind === "int" ? 1 : (p.max - p.min) / 100;
      input.value = v;
      out = document.createElement("output");
      out.textContent = v;
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.step = p.kind === "int" ? 1 : "any";
      if (p.min !== null) input.min = p.min;
      if (p.max !== null) input.max = p.max;
      input.value = v;
    }
    input.name = p.name;
    input.dataset.kind = p.kind;
    input.title = p.describe;
    input.addEventListener("input", () => { if (out) out.textContent = input.value; askSoon(); });
    input.addEventListener("change", askSoon);
    const label = document.createElement("label");
    label.innerHTML = `<span class="name">${esc(p.name)}</span>`;
    label.append(input);
    if (out) label.append(out);
    const doc = document.createElement("p");
    doc.className = "doc";
    doc.textContent = p.doc || p.describe;
    div.append(label, doc);
    form.append(div);
  }
}

function paramValues() {
  const out = {};
  for (const el of $("params").elements) {
    if (!el.name) continue;
    out[el.name] = el.type === "checkbox" ? String(el.checked) : el.value;
  }
  return out;
}

let askTimer = null;
function askSoon() { clearTimeout(askTimer); askTimer = setTimeout(ask, 120); }
async function ask(first) {
  const body = {
    first: first ?? Math.max(0, Math.floor(Number($("first").value) || 0)),
    count: Number($("count").value),
    params: paramValues(),
  };
  setBadge("busy", "generating…");
  const r = await api("/api/gallery", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) showProblem({ error: (await r.json()).error });
}

// ---- status: diagnostics of a broken save, shown in place; the pictures stay ----
function setBadge(cls, text) { const b = $("badge"); b.className = "badge " + cls; b.textContent = text; }
function showProblem(st) {
  const box = $("diagnostics");
  if (st.diagnostics && st.diagnostics.length) {
    let h = "";
    for (const d of st.diagnostics) {
      h += `<div class="diag"><span class="at">${esc(d.at)}</span>: ${esc(d.message)}`;
      if (d.source) h += `<pre>${esc(d.source)}\n${" ".repeat(Math.max(0, d.column - 1))}^</pre>`;
      if (d.help) h += `<div class="help">help: ${esc(d.help)}</div>`;
      h += "</div>";
    }
    h += `<div class="note">the save is broken: the pictures below are the last good ones</div>`;
    box.innerHTML = h;
    box.hidden = false;
    setBadge("broken", "broken save");
  } else if (st.error) {
    box.innerHTML = `<div class="diag"><span class="at">error</span>: ${esc(st.error)}</div>`;
    box.hidden = false;
    setBadge("broken", "error");
  } else {
    box.hidden = true;
    box.replaceChildren();
    setBadge("ok", S.gallery ? `${S.gallery.items.length} seeds · ${S.gallery.millis.toFixed(0)} ms` : "ok");
  }
}

// ---- one dungeon: hover details and the trace stepper ----
function shownFrame() { return S.trace && S.frame !== null ? S.trace.frames[S.frame] : null; }
function shownDungeon() {
  const f = shownFrame();
  if (f) return f.dungeon;
  const item = S.gallery && S.gallery.items.find((i) => i.seed === S.single);
  return item && item.dungeon;
}
function bigCell(d) { return Math.max(4, Math.min(32, Math.floor(Math.min(900 / d.width, 700 / d.height)))); }

function openSingle(seed) {
  S.trace = null; S.frame = null;
  S.single = seed;
  $("gallery").hidden = true;
  $("single").hidden = false;
  $("single-title").textContent = `seed ${seed}`;
  $("stepper").hidden = !S.trace;
  redrawSingle();
}
function closeSingle() {
  S.single = null; S.trace = null; S.frame = null;
  $("single").hidden = true;
  $("gallery").hidden = false;
}
function redrawSingle() {
  const d = shownDungeon();
  if (!d) return;
  const f = shownFrame();
  draw($("big"), d, bigCell(d), f ? f.changed : null);
  if (f) {
    $("step-label").textContent = `step ${S.frame + 1}/${S.trace.frames.length}: ${f.label.name} (${f.label.kind}) at ${f.label.at} — ${f.changed.length} cells changed`;
  }
}
// The trace comes in pages (the server keeps a long run's trace out of memory): the first
// and the last page at once, any other when the stepper reaches it.
const TRACE_PAGE = 32;
async function tracePage(from) {
  const r = await api(`/api/trace?seed=${S.single}&from=${from}&count=${TRACE_PAGE}`);
  const t = await r.json();
  if (!r.ok) { showProblem({ error: t.error }); return null; }
  if (!S.trace || S.trace.seed !== t.seed) S.trace = { seed: t.seed, frames: new Array(t.total).fill(null) };
  t.frames.forEach((f, i) => { S.trace.frames[t.from + i] = f; });
  return t;
}
async function loadTrace() {
  S.trace = null;
  const t = await tracePage(0);
  if (!t) return;
  const last = t.total - 1;
  if (!S.trace.frames[last]) await tracePage(Math.max(0, t.total - TRACE_PAGE));
  S.frame = last;
  const step = $("step");
  step.max = last;
  step.value = S.frame;
  $("stepper").hidden = false;
  redrawSingle();
}
function stepTo(i) {
  if (!S.trace) return;
  S.frame = Math.max(0, Math.min(S.trace.frames.length - 1, i));
  $("step").value = S.frame;
  if (S.trace.frames[S.frame]) return redrawSingle();
  const want = S.frame;
  tracePage(want - (want % TRACE_PAGE)).then(() => { if (S.frame === want) redrawSingle(); });
}

function hover(ev) {
  const d = shownDungeon();
  if (!d) return;
  const cell = bigCell(d);
  const rect = $("big").getBoundingClientRect();
  const x = Math.floor((ev.clientX - rect.left) / cell), y = Math.floor((ev.clientY - rect.top) / cell);
  if (x < 0 || y < 0 || x >= d.width || y >= d.height) return;
  const lines = [`cell ${x}, ${y}`];
  const r = d.rooms.find((r) => r.cells.some(([a, b]) => a === x && b === y));
  lines.push(r ? `room ${r.id}: ${r.kind}, ${r.shape}${r.layout ? ", layout " + r.layout : ""}, ${r.cells.length} cells` : "no room");
  for (const [name, rows] of Object.entries(d.layers)) {
    if (typeof rows[y] === "string") {
      const g = rows[y][x];
      lines.push(`${name}: '${g}' ${d.symbols[g] || ""}`);
    } else {
      lines.push(`${name}: ${rows[y][x]}`);
    }
  }
  for (const [m, [mx, my]] of Object.entries(d.markers)) if (mx === x && my === y) lines.push(`marker ${m}`);
  const doors = d.doors.filter((o) => o.cells.some(([a, b]) => a === x && b === y));
  for (const o of doors) lines.push(`door between rooms ${o.rooms[0]} and ${o.rooms[1]}`);
  $("hover").textContent = lines.join("\n");
}

// ---- wiring ----
$("count").onchange = () => ask();
$("first").onchange = () => ask();
$("prev").onclick = () => ask(Math.max(0, Number($("first").value) - Number($("count").value)));
$("next").onclick = () => ask(Number($("first").value) + Number($("count").value));
$("random").onclick = () => ask(Math.floor(Math.random() * 1e6));
$("reset").onclick = () => { S.paramsKey = ""; buildParams(S.gallery.rules.params, {}); ask(); };
$("zoom").oninput = () => renderGallery(false);
$("layer").onchange = () => { S.layer = $("layer").value; renderGallery(false); };
$("back").onclick = closeSingle;
$("trace").onclick = loadTrace;
$("step").oninput = () => stepTo(Number($("step").value));
$("step-prev").onclick = () => stepTo(S.frame - 1);
$("step-next").onclick = () => stepTo(S.frame + 1);
$("big").addEventListener("mousemove", hover);
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
  if (e.key === "Escape") closeSingle();
  if (e.key === "[") stepTo(S.frame - 1);
  if (e.key === "]") stepTo(S.frame + 1);
});

const events = new EventSource(`/events?token=${TOKEN}`);
events.addEventListener("gallery", (e) => {
  S.gallery = JSON.parse(e.data);
  renderGallery(S.gallery.saved);
  showProblem(S.status || {});
});
events.addEventListener("status", (e) => {
  S.status = JSON.parse(e.data);
  showProblem(S.status);
});
events.onerror = () => setBadge("broken", "disconnected");
