// undercroft serve: one dungeon alone (hover details, legend, downloads), the trace stepper
// (pages of frames from GET /api/trace, restarts and the layers each step changed, play), and
// the page's wiring. Loaded after draw.js and app.js.
"use strict";

function shownFrame() { return S.trace && S.frame !== null ? S.trace.frames[S.frame] : null; }
function shownItem() { return items().find((i) => i.seed === S.single); }
function shown() {
  const f = shownFrame();
  if (f) return { d: f.dungeon, v: f.view };
  const item = shownItem();
  return item && item.dungeon ? { d: item.dungeon, v: item.view } : null;
}
function bigCell(d, v) {
  const [w, h] = Draw.size(d, v, 1);
  const most = v && v.cells ? 32 : 64;
  return Math.max(3, Math.min(most, Math.floor(Math.min(900 / w, 700 / h))));
}

function openSingle(seed) {
  stopPlay();
  S.trace = null; S.frame = null;
  S.single = seed;
  $("gallery").hidden = true;
  $("single").hidden = false;
  $("single-title").textContent = `seed ${seed}`;
  $("stepper").hidden = true;
  $("step-label").textContent = "";
  $("trace-summary").textContent = "";
  $("legend-box").hidden = true;
  const q = new URLSearchParams({ seed, token: TOKEN });
  for (const f of ["png", "json", "txt", "ldtk", "tiles"]) {
    q.set("format", f);
    $("dl-" + f).href = "/api/download?" + q.toString();
  }
  redrawSingle();
  writeHash();
}
function closeSingle() {
  stopPlay();
  S.single = null; S.trace = null; S.frame = null;
  $("single").hidden = true;
  $("gallery").hidden = false;
  $("legend-box").hidden = false;
  if (S.gallery) Draw.legend($("legend"), Draw.merged(items().map((i) => i.view)));
  writeHash();
}
function redrawSingle() {
  const s = shown();
  if (!s) return;
  const f = shownFrame();
  Draw.draw($("big"), s.d, s.v, bigCell(s.d, s.v), f ? f.changed : null);
  Draw.legend($("single-legend"), s.v ? s.v.legend : []);
  if (f) $("step-label").textContent = stepLabel(f, S.frame);
}
// "step 5/40: carve (Carve) at file:12:3 · attempt 2 · 120 tiles changed in tiles", and after
// the last step of a failed attempt what did not hold (as the terminal's trace says it)
function stepLabel(f, i) {
  const where = f.layers.length ? ` in ${f.layers.join(", ")}` : "";
  let text = `step ${i + 1}/${S.trace.frames.length}: ${f.label.name} (${f.label.kind}) at ${f.label.at} · attempt ${f.attempt + 1} · ${f.changed.length} tiles changed${where}`;
  const r = outline().restarts.find((r) => r.after === i);
  if (r) text += ` · ✗ restart: ${r.what}${r.at ? " at " + r.at : ""} did not hold (attempt ${f.attempt + 2} follows)`;
  return text;
}
function outline() { return (S.trace && S.trace.outline) || { attempts: [], named: [], restarts: [] }; }

// The trace comes in pages (the server keeps a long run's trace out of memory): the page
// holding the frame shown at once, any other when the stepper reaches it.
const TRACE_PAGE = 32;
async function tracePage(from) {
  const q = new URLSearchParams({ seed: S.single, from, count: TRACE_PAGE });
  if (S.layer) q.set("layer", S.layer);
  const r = await api(`/api/trace?${q}`);
  const t = await r.json();
  if (!r.ok) { showProblem({ error: t.error }); return null; }
  if (!S.trace || S.trace.seed !== t.seed) S.trace = { seed: t.seed, frames: new Array(t.total).fill(null), outline: null };
  if (t.outline) {
    S.trace.outline = t.outline;
    $("trace-summary").textContent = `${t.total} steps · ${t.outline.restarts.length} restarts · ${t.outline.named.length} named steps`;
  }
  // a page's first frame is whole, each later one the changes against the frame before
  t.frames.forEach((f, i) => {
    if (f.delta) {
      const prev = t.frames[i - 1];
      f.dungeon = patch(prev.dungeon, f.delta.dungeon);
      f.view = patch(prev.view, f.delta.view);
      delete f.delta;
    }
    S.trace.frames[t.from + i] = f;
  });
  return t;
}
// Apply a trace patch (src/serve/delta.rs): fields of `set` replace, then changed rows of
// the dungeon's `layers` and of the view's `cells` (rows of `width` characters) replace rows.
function patch(prev, p) {
  const o = Object.assign({}, prev, p.set || {});
  if (p.layers) {
    o.layers = Object.assign({}, prev.layers);
    for (const [name, rows] of Object.entries(p.layers)) {
      const r = prev.layers[name].slice();
      for (const [y, row] of Object.entries(rows)) r[+y] = row;
      o.layers[name] = r;
    }
  }
  if (p.cells) {
    const w = o.width, rows = [];
    for (let y = 0; y < o.height; y++) rows.push(p.cells[y] !== undefined ? p.cells[y] : prev.cells.slice(y * w, (y + 1) * w));
    o.cells = rows.join("");
  }
  return o;
}
// Load the trace and show frame `at` (the last when null or past the end).
async function loadTrace(at) {
  S.trace = null;
  const t = await tracePage(0);
  if (!t) return;
  const last = t.total - 1;
  const want = at === null || at === undefined ? last : Math.max(0, Math.min(last, at));
  if (!S.trace.frames[want]) await tracePage(want - (want % TRACE_PAGE));
  const step = $("step");
  step.max = last;
  $("stepper").hidden = false;
  stepTo(want);
}
function stepTo(i) {
  if (!S.trace) return;
  S.frame = Math.max(0, Math.min(S.trace.frames.length - 1, i));
  $("step").value = S.frame;
  writeHash();
  if (S.trace.frames[S.frame]) return redrawSingle();
  const want = S.frame;
  tracePage(want - (want % TRACE_PAGE)).then(() => { if (S.frame === want) redrawSingle(); });
}
// The next (dir 1) or previous (-1) last step of a failed attempt (where the run restarted),
// and the next or previous named step, over the whole run (its outline).
function jumpTo(list, dir) {
  const i = S.frame ?? 0;
  const to = dir > 0 ? list.filter((k) => k > i)[0] : list.filter((k) => k < i).pop();
  if (to !== undefined) stepTo(to);
}
function jumpRestart(dir) { if (S.trace) jumpTo(outline().restarts.map((r) => r.after).filter((k) => k !== null), dir); }
function jumpNamed(dir) { if (S.trace) jumpTo(outline().named, dir); }
function stopPlay() { clearInterval(S.playing); S.playing = null; $("play").textContent = "play"; }
function togglePlay() {
  if (S.playing) return stopPlay();
  if (!S.trace) return;
  if (S.frame >= S.trace.frames.length - 1) stepTo(0);
  $("play").textContent = "pause";
  S.playing = setInterval(() => {
    if (S.frame >= S.trace.frames.length - 1) return stopPlay();
    stepTo(S.frame + 1);
  }, 150);
}

function hover(ev) {
  const s = shown();
  if (!s) return;
  const { d, v } = s;
  const cell = bigCell(d, v);
  const rect = $("big").getBoundingClientRect();
  const x = Math.floor((ev.clientX - rect.left) / cell), y = Math.floor((ev.clientY - rect.top) / cell);
  const [w, h] = Draw.size(d, v, 1);
  if (x < 0 || y < 0 || x >= w || y >= h) return;
  const tiled = v && v.cells;
  const [cw, ch] = tiled ? v.cell : [1, 1];
  const cx = Math.floor(x / cw), cy = Math.floor(y / ch);
  const lines = [tiled && (cw > 1 || ch > 1) ? `tile ${x}, ${y} (room cell ${cx}, ${cy})` : `cell ${x}, ${y}`];
  if (tiled) lines.push(`class: ${v.classes[v.cells.charCodeAt(y * w + x) - 48][1]}`);
  const r = d.rooms.find((r) => r.cells.some(([a, b]) => a === cx && b === cy));
  lines.push(r ? `room ${r.id}: ${r.kind}, ${r.shape}${r.layout ? ", layout " + r.layout : ""}, ${r.cells.length} cells` : "no room");
  for (const [name, rows] of Object.entries(d.layers)) {
    const onTiles = v && v.layers.includes(name);
    const [lx, ly] = onTiles ? [x, y] : [cx, cy];
    if (!rows[ly]) continue;
    if (typeof rows[ly] === "string") {
      const g = rows[ly][lx];
      lines.push(`${name}: '${g}' ${d.symbols[g] || ""}`);
    } else {
      lines.push(`${name}: ${rows[ly][lx]}`);
    }
  }
  for (const m of (v && v.markers) || []) if (m.at[0] === x && m.at[1] === y) lines.push(`marker ${m.name}`);
  const doors = d.doors.filter((o) => o.cells.some(([a, b]) => a === cx && b === cy));
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
$("layer").onchange = () => { S.layer = $("layer").value; ask(); };
$("back").onclick = closeSingle;
$("trace").onclick = () => loadTrace(null);
$("step").oninput = () => stepTo(Number($("step").value));
$("step-prev").onclick = () => stepTo(S.frame - 1);
$("step-next").onclick = () => stepTo(S.frame + 1);
$("restart-prev").onclick = () => jumpRestart(-1);
$("restart-next").onclick = () => jumpRestart(1);
$("named-prev").onclick = () => jumpNamed(-1);
$("named-next").onclick = () => jumpNamed(1);
$("play").onclick = togglePlay;
$("big").addEventListener("mousemove", hover);
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
  if (e.key === "Escape") closeSingle();
  if (e.key === "[") stepTo(S.frame - 1);
  if (e.key === "]") stepTo(S.frame + 1);
  if (e.key === " " && S.trace) { e.preventDefault(); togglePlay(); }
});

// What the URL holds is asked for once the first gallery (the server's current one) is in.
S.restore = readHash();
if (S.restore) S.layer = S.restore.layer;
const events = new EventSource(`/events?token=${TOKEN}`);
events.addEventListener("gallery", (e) => {
  S.gallery = JSON.parse(e.data);
  const r = S.restore;
  if (r && !r.asked) {
    // the URL is the whole view: a parameter it does not name has its default
    const defaults = Object.fromEntries(S.gallery.rules.params.map((p) => [p.name, String(p.default)]));
    const want = { ...defaults, ...r.params };
    const now = (k) => String(S.gallery.params[k] ?? defaults[k]);
    const away = r.seed !== null && !S.gallery.items.some((i) => i.seed === r.seed);
    if (away && r.first === null) r.first = r.seed;
    const differs = away || (r.first !== null && r.first !== S.gallery.first)
      || (r.count !== null && r.count !== S.gallery.count) || (r.layer || "") !== (S.gallery.layer || "")
      || Object.keys(want).some((k) => now(k) !== want[k]);
    if (differs) {
      r.asked = true;
      if (r.count !== null) $("count").value = String(r.count);
      ask(r.first ?? S.gallery.first, want);
      return;
    }
  }
  renderGallery(S.gallery.saved);
  showProblem(S.status || {});
});
events.addEventListener("status", (e) => {
  S.status = JSON.parse(e.data);
  showProblem(S.status);
});
events.onerror = () => setBadge("broken", "disconnected");
