// undercroft serve: drawing one dungeon and its legend on the page. What is drawn comes from
// the server's `view` of the dungeon (src/serve/view.rs), made by the PNG renderer's own code,
// so the page draws the colours `generate --format png` draws:
// - a tile style: one block per tile in its class's colour, at tile resolution; a style whose
//   room cells are several tiles gets each room's outline and its doors, as the PNG;
// - a room graph: each room cell in its kind's colour, cells of a room joined, doors, glyphs;
// - markers as the PNG draws them: a box in the marker's colour with its glyph, on the cell
//   its style offsets it to; changed tiles (a trace step) outlined.
"use strict";

const Draw = (() => {
  const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const BACKGROUND = "#14141a", EMPTY = "#22222c", INK = "#e6e2d6";

  // tiles (x, y) per pixel side `cell`: the size of the canvas of `d` drawn at `cell`
  function size(d, v, cell) {
    return v && v.cells ? [v.width * cell, v.height * cell] : [d.width * cell, d.height * cell];
  }

  function roomIndex(d) {
    const at = new Int32Array(d.width * d.height).fill(-1);
    d.rooms.forEach((r, i) => r.cells.forEach(([x, y]) => {
      if (x >= 0 && y >= 0 && x < d.width && y < d.height) at[y * d.width + x] = i;
    }));
    return at;
  }

  // Draw `d` with its view `v` on `canvas` at `cell` pixels a tile (a room cell for a room
  // graph); `changed` tiles ([x, y]) are outlined.
  function draw(canvas, d, v, cell, changed) {
    const [w, h] = size(d, v, cell);
    canvas.width = w;
    canvas.height = h;
    const g = canvas.getContext("2d");
    g.fillStyle = BACKGROUND;
    g.fillRect(0, 0, w, h);
    if (v && v.cells) {
      tiles(g, v, cell);
      outlines(g, d, v, cell);
    } else {
      rooms(g, d, v, cell);
    }
    markers(g, v, cell);
    if (changed && changed.length) {
      g.strokeStyle = "#ffcc66";
      g.lineWidth = Math.max(1, cell / 8);
      for (const [x, y] of changed) g.strokeRect(x * cell + 0.5, y * cell + 0.5, cell - 1, cell - 1);
    }
  }

  // Every tile's block, written as pixels (fast for large maps).
  function tiles(g, v, cell) {
    const cols = v.classes.map(([c]) => rgb(c));
    const img = g.createImageData(v.width * cell, v.height * cell);
    const px = img.data, stride = v.width * cell * 4;
    for (let y = 0; y < v.height; y++) {
      for (let x = 0; x < v.width; x++) {
        const [r, gr, b] = cols[v.cells.charCodeAt(y * v.width + x) - 48] || [255, 0, 255];
        for (let yy = 0; yy < cell; yy++) {
          let i = (y * cell + yy) * stride + x * cell * 4;
          for (let xx = 0; xx < cell; xx++, i += 4) { px[i] = r; px[i + 1] = gr; px[i + 2] = b; px[i + 3] = 255; }
        }
      }
    }
    g.putImageData(img, 0, 0);
  }

  // Rooms of several tiles a cell: the edges of a room's cells that border another room or
  // nothing, in its kind's colour; doors as white bars across the middle of their edge
  // (the PNG's room_outlines, scaled from its 8-pixel tiles).
  function outlines(g, d, v, cell) {
    const [cw, ch] = v.cell;
    if (cw === 1 && ch === 1) return;
    const W = cw * cell, H = ch * cell, line = Math.max(1, Math.round(cell / 8));
    const owner = new Map();
    d.rooms.forEach((r, i) => r.cells.forEach(([x, y]) => owner.set(x + "," + y, i)));
    for (const [key, i] of owner) {
      const [x, y] = key.split(",").map(Number);
      g.fillStyle = v.outlines[i];
      const other = (dx, dy) => owner.get(x + dx + "," + (y + dy)) !== i;
      const px = x * W, py = y * H;
      if (other(0, -1)) g.fillRect(px, py, W, line);
      if (other(0, 1)) g.fillRect(px, py + H - line, W, line);
      if (other(-1, 0)) g.fillRect(px, py, line, H);
      if (other(1, 0)) g.fillRect(px + W - line, py, line, H);
    }
    g.fillStyle = "#ffffff";
    const t = cell, bar = Math.max(1, cell / 2);
    for (const door of d.doors) {
      const [[ax, ay], [bx, by]] = door.cells;
      const x = Math.max(ax, bx), y = Math.max(ay, by);
      if (ay === by) g.fillRect(x * W - bar / 2, y * H + H / 2 - t, bar, 2 * t);
      else g.fillRect(x * W + W / 2 - t, y * H - bar / 2, 2 * t, bar);
    }
  }

  // A room graph: cells in their kind's colour, a gap between rooms, doors, glyphs.
  function rooms(g, d, v, cell) {
    const at = roomIndex(d);
    const kind = (k) => (v && v.kinds[k]) || "#c0c0c0";
    const gap = cell >= 6 ? 1 : 0;
    for (let y = 0; y < d.height; y++) {
      for (let x = 0; x < d.width; x++) {
        const r = at[y * d.width + x];
        g.fillStyle = r < 0 ? EMPTY : kind(d.rooms[r].kind);
        g.fillRect(x * cell + gap, y * cell + gap, cell - 2 * gap, cell - 2 * gap);
      }
    }
    if (cell < 6) return;
    d.rooms.forEach((r, i) => {
      g.fillStyle = kind(r.kind);
      for (const [x, y] of r.cells) {
        if (x + 1 < d.width && at[y * d.width + x + 1] === i) g.fillRect((x + 1) * cell - 1, y * cell + 1, 2, cell - 2);
        if (y + 1 < d.height && at[(y + 1) * d.width + x] === i) g.fillRect(x * cell + 1, (y + 1) * cell - 1, cell - 2, 2);
      }
    });
    g.fillStyle = INK;
    for (const door of d.doors) {
      const [[ax, ay], [bx, by]] = door.cells;
      const cx = ((ax + bx) / 2 + 0.5) * cell, cy = ((ay + by) / 2 + 0.5) * cell, s = Math.max(2, cell / 4);
      g.fillRect(cx - s / 2, cy - s / 2, s, s);
    }
    interiors(g, v, cell);
    if (cell < 12) return;
    const inside = new Set(((v && v.interiors) || []).flatMap((r) => r.cells.map((c) => c.at.join(","))));
    const glyphs = new Map(((d.palette && d.palette.kinds) || []).map((k) => [k.name, k.glyph]));
    g.font = `bold ${Math.floor(cell * 0.6)}px ui-monospace, monospace`;
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillStyle = "rgba(0,0,0,.7)";
    const big = g.font, small = `bold ${Math.floor(cell * 0.3)}px ui-monospace, monospace`;
    for (const r of d.rooms) {
      const glyph = glyphs.get(r.kind);
      if (!glyph || !r.cells.length) continue;
      const [x, y] = r.cells[0];
      // over an interior, small in the cell's top-left corner (where the PNG puts the kind's
      // swatch), inside the cell
      const over = inside.has(x + "," + y);
      g.font = over ? small : big;
      g.fillText(glyph, (x + (over ? 0.13 : 0.5)) * cell, (y + (over ? 0.18 : 0.5)) * cell);
    }
  }

  // Room layouts (a room graph with a room pool): each cell's tiles, centred in it, as many
  // pixels a tile as fit (the PNG's room map draws the same tiles, 4 pixels each).
  function interiors(g, v, cell) {
    for (const room of (v && v.interiors) || []) {
      const [lw, lh] = room.size;
      const t = Math.floor((cell - 4) / Math.max(lw, lh));
      if (t < 1) continue;
      for (const { at: [x, y], tiles } of room.cells) {
        const px = x * cell + Math.floor((cell - lw * t) / 2), py = y * cell + Math.floor((cell - lh * t) / 2);
        tiles.forEach((c, i) => {
          if (!c) return;
          g.fillStyle = c;
          g.fillRect(px + (i % lw) * t, py + Math.floor(i / lw) * t, t, t);
        });
      }
    }
  }

  // A marker's box: its colour, a dark inside, its glyph in its colour (1.5 tiles a side).
  function markerBox(g, cx, cy, side, colour, glyph) {
    const x = Math.round(cx - side / 2), y = Math.round(cy - side / 2);
    g.fillStyle = colour;
    g.fillRect(x, y, side, side);
    g.fillStyle = "#08080a";
    g.fillRect(x + 1, y + 1, side - 2, side - 2);
    if (side >= 9) {
      g.fillStyle = colour;
      g.font = `bold ${Math.floor(side * 0.75)}px ui-monospace, monospace`;
      g.textAlign = "center";
      g.textBaseline = "middle";
      g.fillText(glyph, x + side / 2, y + side / 2 + 1);
    }
  }

  function markers(g, v, cell) {
    if (!v) return;
    const side = Math.max(5, Math.round(cell * 1.5));
    for (const m of v.markers) {
      const [x, y] = m.at;
      markerBox(g, (x + 0.5) * cell, (y + 0.5) * cell, side, m.colour, m.glyph);
    }
  }

  // The legend of `entries` (the view's `legend`, or several views' merged) into `box`:
  // each entry's swatch drawn as the map draws it, then its label.
  function legend(box, entries) {
    box.replaceChildren();
    for (const e of entries) {
      const row = document.createElement("div");
      row.className = "entry";
      const sw = document.createElement("canvas");
      sw.width = sw.height = 14;
      sw.className = "swatch " + e.symbol;
      const g = sw.getContext("2d");
      if (e.symbol === "marker") {
        markerBox(g, 7, 7, 14, e.colour, e.glyph);
      } else {
        g.fillStyle = e.symbol === "fill" ? "#6e6e78" : e.colour;
        g.fillRect(0, 0, 14, 14);
        g.fillStyle = e.colour;
        g.fillRect(1, 1, 12, 12);
        if (e.glyph) {
          g.fillStyle = e.ink;
          g.font = "bold 11px ui-monospace, monospace";
          g.textAlign = "center";
          g.textBaseline = "middle";
          g.fillText(e.glyph, 7, 8);
        }
      }
      const label = document.createElement("span");
      label.textContent = e.label;
      row.append(sw, label);
      box.append(row);
    }
  }

  // The entries of several views in one list: one per symbol and name (the counts a
  // single picture's labels carry, "floor: 812" or "shop x2", left off).
  function merged(views) {
    const out = new Map();
    for (const v of views) {
      for (const e of (v && v.legend) || []) {
        const name = e.label.replace(/(: \d+| x\d+)$/, "");
        if (/^\+\d+ more$/.test(name)) continue;
        const key = e.symbol + " " + e.colour + " " + name;
        if (!out.has(key)) out.set(key, { ...e, label: name });
      }
    }
    return [...out.values()];
  }

  return { draw, size, legend, merged, roomIndex };
})();
