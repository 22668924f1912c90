/* hearth-flame.js: the interactive part of an exported HTML flame graph.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The page opens with the SVG Hearth drew (the same scene as every other export). This script
 * adds hover facts, zoom, search and the flame/icicle toggle; whenever the drawing changes it
 * lays the bars and the axis out again the way Hearth's renderer does, from the compact arrays
 * in the page's data block. Text from the profile only ever reaches the page as textContent.
 */

(function () {
  'use strict';

  var SVG_NS = 'http://www.w3.org/2000/svg';
  var GAP = 1;            /* between neighbouring bars */
  var MIN_BAR = 1;        /* narrower bars are merged into runs */
  var SHRUNK_MARK = 2;
  var MIN_GHOST = 3;      /* guarded time narrower than this is not drawn */
  var TICK = 4;
  var TICK_SPACING = 110;
  var MIN_CHARS = 3;      /* the fewest characters an ellipsized label keeps */
  var ELLIPSIS = '\u2026';

  var dataNode = document.getElementById('hearth-data');
  var svg = document.getElementById('graph');
  if (!dataNode || !svg)
    return;

  var data = JSON.parse(dataNode.textContent);
  var T = data.T;
  var geo = data.geo;
  var pal = data.pal;
  var strings = data.s;

  var gGrid = document.getElementById('grid');
  var gBars = document.getElementById('bars');
  var gAxis = document.getElementById('axis');
  var defs = document.getElementById('defs');
  var hoverBox = document.getElementById('hover');
  var tip = document.getElementById('tip');
  var search = document.getElementById('search');
  var matched = document.getElementById('matched');
  var resetButton = document.getElementById('reset');
  var orientButton = document.getElementById('orient');
  var crumbs = document.getElementById('crumbs');

  /* Formatting ------------------------------------------------------------------------------ */

  /* %s replaced in order, %2$s by the second value, %% a percent sign: the messages come
   * from Hearth's catalogue, and a translation may put the values in another order */
  function fmt (template) {
    var args = arguments;
    var next = 1;

    return template.replace(/%(?:(\d+)\$)?(%|s)/g, function (all, position, what) {
      if (what === '%')
        return '%';
      return String(args[position !== undefined ? +position : next++]);
    });
  }

  function digitsAfterPoint (magnitude) {
    if (magnitude >= 99.95)
      return 0;
    if (magnitude >= 9.995)
      return 1;
    return 2;
  }

  /* hearth_format_value(): three significant digits and a unit */
  function formatValue (value, unit) {
    var a = Math.abs(value);
    var units = ['B', 'kB', 'MB', 'GB', 'TB'];
    var u = 0;

    if (!isFinite(value))
      return '?';
    if (unit === 'samples')
      return value.toFixed(0) + (a >= 0.5 && a < 1.5 ? ' sample' : ' samples');
    if (unit === 'bytes') {
      while (a >= 999.5 && u + 1 < units.length) {
        a /= 1000;
        value /= 1000;
        u++;
      }
      return u === 0 ? value.toFixed(0) + ' B'
                     : value.toFixed(digitsAfterPoint(a)) + ' ' + units[u];
    }
    if (a === 0)
      return '0 s';
    if (a >= 0.9995)
      return value.toFixed(digitsAfterPoint(a)) + ' s';
    if (a >= 0.0009995)
      return (value * 1e3).toFixed(digitsAfterPoint(a * 1e3)) + ' ms';
    return (value * 1e6).toFixed(digitsAfterPoint(a * 1e6)) + ' \u00b5s';
  }

  /* as hearth_format_percent (): one decimal from 0.1 %, "<0.1%" below, never a sign */
  function percent (part, whole) {
    var p = whole > 0 ? 100 * part / whole : 0;
    var tenths = Math.round(Math.abs(p) * 10);

    if (!isFinite(p) || !(p > 0))
      return '0%';
    return tenths < 1 ? '<0.1%' : (tenths / 10).toFixed(1) + '%';
  }

  /* as hearth_format_percent_change (): no sign on a change that rounds to nothing */
  function percentChange (p) {
    var tenths = Math.round(Math.abs(p) * 10);

    if (!isFinite(p) || p === 0)
      return '0%';
    if (tenths < 1)
      return '<0.1%';
    return (p < 0 ? '\u2212' : '+') + (tenths / 10).toFixed(1) + '%';
  }

  /* Runs ------------------------------------------------------------------------------------ */

  /* The arrays as written: per row (depth), bars sorted by their left edge; left edges as
   * gaps after the previous bar of the row and parents as steps along the row above, all in
   * integer quanta of the run's unit. */
  function decodeRun (raw) {
    var n = raw.w.length;
    var q = raw.q;
    var run = {
      raw: raw,
      n: n,
      total: raw.total,
      unit: raw.unit,
      ratio: raw.ratio,
      graphY: raw.graphY,
      nRows: raw.nRows,
      diff: !!raw.diff,
      depth: new Uint32Array(n),
      left: new Float64Array(n),
      width: new Float64Array(n),
      parent: new Int32Array(n),
      func: raw.f,
      flags: raw.k,
      low: null,
      high: null,
      guarded: new Float64Array(n),
      shrink: {},
      rowStart: new Uint32Array(raw.rows.length + 1),
      fn: raw.fn,
      match: new Uint8Array(raw.fn.lab.length)
    };
    var i = 0;

    for (var d = 0; d < raw.rows.length; d++) {
      var end = 0;
      var up = d > 0 ? run.rowStart[d - 1] : -1;

      run.rowStart[d] = i;
      for (var k = 0; k < raw.rows[d]; k++, i++) {
        var l = end + raw.g[i];

        end = l + raw.w[i];
        run.left[i] = l * q;
        run.width[i] = raw.w[i] * q;
        run.depth[i] = d;
        if (d > 0) {
          up += raw.p[i];
          run.parent[i] = up;
        } else {
          run.parent[i] = -1;
        }
      }
    }
    run.rowStart[raw.rows.length] = n;
    run.maxDepth = raw.rows.length - 1;

    run.low = new Float64Array(run.width);
    run.high = new Float64Array(run.width);
    for (var e = 0; e + 2 < raw.est.length; e += 3) {
      run.low[raw.est[e]] = raw.est[e + 1] * q;
      run.high[raw.est[e]] = raw.est[e + 2] * q;
    }
    for (var g = 0; g + 1 < raw.grd.length; g += 2)
      run.guarded[raw.grd[g]] = raw.grd[g + 1] * q;
    for (var s = 0; s + 1 < raw.shr.length; s += 2)
      run.shrink[raw.shr[s]] = raw.shr[s + 1];
    if (run.diff) {
      run.before = new Float64Array(n);
      for (var b = 0; b < n; b++)
        run.before[b] = raw.bw[b] * q;
    }
    return run;
  }

  var runs = data.runs.map(decodeRun);
  var FLAG_ESTIMATED = 1, FLAG_SHRUNK = 2, FLAG_HATCHED = 4, FLAG_NEW = 8;

  function label (run, node) {
    return strings[run.fn.lab[run.func[node]]];
  }

  /* the bar under a value of the run's unit at a depth, or -1 (hearth_call_tree_node_at()) */
  function nodeAt (run, depth, value) {
    if (depth > run.maxDepth)
      return -1;
    var lo = run.rowStart[depth], hi = run.rowStart[depth + 1];

    while (lo < hi) {
      var mid = (lo + hi) >> 1;

      if (run.left[mid] + run.width[mid] > value)
        hi = mid;
      else
        lo = mid + 1;
    }
    if (lo < run.rowStart[depth + 1] && run.left[lo] <= value)
      return lo;
    return -1;
  }

  /* first position in a row whose bar ends after @value */
  function firstEndingAfter (run, depth, value) {
    var lo = run.rowStart[depth], hi = run.rowStart[depth + 1];

    while (lo < hi) {
      var mid = (lo + hi) >> 1;

      if (run.left[mid] + run.width[mid] > value)
        hi = mid;
      else
        lo = mid + 1;
    }
    return lo;
  }

  /* children of a bar: contiguous in the row above it, since parents follow the row order */
  function children (run, node) {
    var d = run.depth[node] + 1;
    if (d > run.maxDepth)
      return [0, 0];
    var lo = run.rowStart[d], hi = run.rowStart[d + 1], start;

    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (run.parent[mid] < node)
        lo = mid + 1;
      else
        hi = mid;
    }
    start = lo;
    hi = run.rowStart[d + 1];
    while (lo < hi) {
      var m = (lo + hi) >> 1;
      if (run.parent[m] <= node)
        lo = m + 1;
      else
        hi = m;
    }
    return [start, lo];
  }

  /* State ----------------------------------------------------------------------------------- */

  var fullEnd = data.fullEnd > 0 ? data.fullEnd : 1;
  var state = {
    xStart: 0,
    xEnd: fullEnd,
    icicle: !!data.icicle,
    zoomRun: -1,
    zoomNode: -1,
    zoomPath: null,
    re: null,
    frames: 0
  };
  var frame = { origin: [], scale: [] };

  function computeFrame () {
    var barsW = Math.max(1, geo.right - geo.left);

    for (var r = 0; r < runs.length; r++) {
      var ratio = runs[r].ratio > 0 ? runs[r].ratio : 1;

      frame.origin[r] = state.xStart * ratio;
      frame.scale[r] = barsW / ((state.xEnd - state.xStart) * ratio);
    }
  }

  function rowY (run, depth) {
    if (state.icicle)
      return run.graphY + depth * geo.rowH;
    return run.graphY + (run.nRows - 1 - depth) * geo.rowH;
  }

  function toPx (r, value) {
    return geo.left + (value - frame.origin[r]) * frame.scale[r];
  }

  /* the pixels of a bar as the renderer rounds them, or null when it is not drawn */
  function barRect (r, node) {
    var run = runs[r];
    var x0 = Math.round(toPx(r, run.left[node]));
    var x1 = Math.round(toPx(r, run.left[node] + run.width[node]));

    if (x1 - x0 < 1)
      x1 = x0 + 1;
    x0 = Math.max(x0, geo.left);
    x1 = Math.min(x1, geo.right);
    if (x1 - x0 < 1)
      return null;
    return { x: x0, y: rowY(run, run.depth[node]), w: x1 - x0 >= 3 ? x1 - x0 - GAP : x1 - x0 };
  }

  /* Labels ---------------------------------------------------------------------------------- */

  var measureContext = document.createElement('canvas').getContext('2d');
  var widths = new Map();
  var shortNames = new Map();

  measureContext.font = (data.font.bold ? 'bold ' : '') + data.font.size + 'px ' + data.font.css;

  function measure (text) {
    var w = widths.get(text);

    if (w === undefined) {
      w = measureContext.measureText(text).width;
      if (widths.size > 50000)
        widths.clear();
      widths.set(text, w);
    }
    return w;
  }

  /* hearth_label_short_name(): the last component of a qualified name; dots inside brackets
   * and parentheses do not count */
  function shortName (text) {
    var cached = shortNames.get(text);
    if (cached !== undefined)
      return cached;

    var last = -1, nesting = 0;

    for (var i = 0; i < text.length; i++) {
      var c = text[i];

      if (c === '<' || c === '(' || c === '[')
        nesting++;
      else if ((c === '>' || c === ')' || c === ']') && nesting > 0)
        nesting--;
      else if (c === '.' && nesting === 0 && i + 1 < text.length && text[i + 1] !== '.' && i > 0)
        last = i + 1;
    }
    cached = last >= 0 ? text.slice(last) : null;
    shortNames.set(text, cached);
    return cached;
  }

  /* Hearth's fit: the full label; else the function's own name; else that name cut after at
   * least three characters with an ellipsis; else nothing */
  function fitLabel (text, available) {
    if (!(available > 0))
      return null;
    if (measure(text) <= available)
      return text;

    var short = shortName(text);
    if (short !== null && measure(short) <= available)
      return short;

    var chars = Array.from(short !== null ? short : text);
    if (chars.length <= MIN_CHARS)
      return null;

    var lo = MIN_CHARS, hi = chars.length - 1;
    if (measure(chars.slice(0, lo).join('') + ELLIPSIS) > available)
      return null;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;

      if (measure(chars.slice(0, mid).join('') + ELLIPSIS) <= available)
        lo = mid;
      else
        hi = mid - 1;
    }
    return chars.slice(0, lo).join('') + ELLIPSIS;
  }

  /* Drawing --------------------------------------------------------------------------------- */

  function element (name, attributes) {
    var e = document.createElementNS(SVG_NS, name);

    for (var key in attributes)
      e.setAttribute(key, attributes[key]);
    return e;
  }

  var patterns = new Map();

  /* the hatch of the static drawing: stripes every 7 px at 45 degrees, continuous across bars */
  function hatchPaint (stripe, ground) {
    var key = stripe + ground;
    var id = patterns.get(key);

    if (id === undefined) {
      var s = data.hatch.size;
      var pattern = element('pattern', {
        id: 'hj' + patterns.size, patternUnits: 'userSpaceOnUse', width: s, height: s
      });
      pattern.appendChild(element('rect', { width: s, height: s, fill: ground }));
      pattern.appendChild(element('path', {
        d: 'M' + -s + ',' + s + ' L0,0 M0,' + s + ' L' + s + ',0 M' + s + ',' + s +
           ' L' + 2 * s + ',0',
        stroke: stripe, 'stroke-width': data.hatch.line
      }));
      defs.appendChild(pattern);
      id = 'url(#' + pattern.id + ')';
      patterns.set(key, id);
    }
    return id;
  }

  function fill (parent, x, y, w, h, paint) {
    parent.appendChild(element('rect', { x: x, y: y, width: w, height: h, fill: paint }));
  }

  function outline (parent, x, y, w, h, color, lineWidth, dashed) {
    var attributes = {
      x: x + lineWidth / 2, y: y + lineWidth / 2,
      width: Math.max(0, w - lineWidth), height: Math.max(0, h - lineWidth),
      fill: 'none', stroke: color, 'stroke-width': lineWidth
    };
    if (dashed)
      attributes['stroke-dasharray'] = '3 2';
    parent.appendChild(element('rect', attributes));
  }

  function text (parent, x, top, content, color) {
    var t = element('text', { x: x, y: top + geo.baseline, fill: color, 'class': 'f0' });

    t.textContent = content;
    parent.appendChild(t);
  }

  function addLabel (parent, content, x, y, w, color) {
    var available = w - 2 * geo.pad;

    /* not even an ellipsis and a character */
    if (available < geo.lineH)
      return;
    var fitted = fitLabel(content, available);
    if (fitted !== null)
      text(parent, x + geo.pad, y + Math.round((geo.barH - geo.lineH) / 2), fitted, color);
  }

  function matches (run, f) {
    if (run.match[f] === 0) {
      var fn = run.fn;
      var yes = state.re.test(strings[fn.lab[f]]) ||
                (fn.nm[f] >= 0 && state.re.test(strings[fn.nm[f]])) ||
                (fn.file[f] >= 0 && state.re.test(strings[fn.file[f]]));

      run.match[f] = yes ? 2 : 1;
    }
    return run.match[f] === 2;
  }

  function lookOf (run, node) {
    return data.looks[run.diff ? run.raw.c[node] : run.fn.c[run.func[node]]];
  }

  function emitBar (frag, r, node, y) {
    var run = runs[r];
    var rect = barRect(r, node);
    if (rect === null)
      return;
    var x0 = rect.x, w = rect.w;
    var dim = false, isMatch = false, hatch = false, solid = w;
    var flags = run.flags[node];
    var look = lookOf(run, node);

    if (state.re !== null) {
      isMatch = matches(run, run.func[node]);
      dim = !isMatch;
    }
    if (r === state.zoomRun && state.zoomPath[run.depth[node]] === node && node !== state.zoomNode)
      dim = true;

    /* the proven part (the lower bound) from the left edge, the rest hatched */
    if (flags & FLAG_HATCHED) {
      var low = (flags & FLAG_ESTIMATED) ? run.low[node] : 0;

      solid = Math.round(toPx(r, run.left[node] + Math.max(low, 0))) - x0;
      solid = Math.min(Math.max(solid, 0), w);
      hatch = solid < w;
    }

    var v = look[dim ? 1 : 0];
    var g = element('g', { 'data-n': r + ':' + node });
    var textColor = v.text;

    if (solid > 0)
      fill(g, x0, y, solid, geo.barH, v.solid);
    if (hatch) {
      fill(g, x0 + solid, y, w - solid, geo.barH, hatchPaint(v.stripe, v.ground));
      textColor = v.hatchText;
    }
    if ((flags & FLAG_SHRUNK) && geo.barH > 2 * SHRUNK_MARK)
      fill(g, x0, y + geo.barH - SHRUNK_MARK, w, SHRUNK_MARK, pal.shrunk);
    if (isMatch && w >= 3)
      outline(g, x0, y, w, geo.barH, pal.search, 2, false);
    addLabel(g, label(run, node), x0, y, w, textColor);
    frag.appendChild(g);

    if (run.guarded[node] > 0 && run.guarded[node] * frame.scale[r] >= MIN_GHOST)
      emitGuarded(frag, r, node);
  }

  /* Time the guard dropped, in the row above the bar, after its callees. */
  function emitGuarded (frag, r, node) {
    var run = runs[r];
    var span = children(run, node);
    var covered = 0;

    for (var c = span[0]; c < span[1]; c++)
      covered += run.width[c];

    var self = run.width[node] - covered - run.guarded[node];
    var start = run.left[node] + run.width[node] - self - run.guarded[node];
    var x0 = Math.max(Math.round(toPx(r, start)), geo.left);
    var x1 = Math.min(Math.round(toPx(r, start + run.guarded[node])), geo.right);
    var y = rowY(run, run.depth[node] + 1);

    if (x1 - x0 < MIN_GHOST)
      return;
    if (x1 - x0 >= 3)
      x1 -= GAP;
    fill(frag, x0, y, x1 - x0, geo.barH, pal.guardedFill);
    outline(frag, x0, y, x1 - x0, geo.barH, pal.guarded, 1, true);
    addLabel(frag, T.reentered, x0, y, x1 - x0, pal.guardedText);
  }

  /* Bars narrower than a pixel, merged up to the end of their nearest ancestor that is at
   * least a pixel wide (siblings are widest first, so all of them are narrow). */
  function emitNarrow (frag, r, i, rowEnd, hi, y) {
    var run = runs[r];
    var scale = frame.scale[r];
    var end = Infinity;
    var up = run.parent[i];

    while (up >= 0) {
      if (run.width[up] * scale >= MIN_BAR) {
        end = run.left[up] + run.width[up];
        break;
      }
      up = run.parent[up];
    }
    if (isFinite(end))
      end -= Math.abs(end) * 1e-12;

    var j = i, sum = 0;
    while (j < rowEnd && run.left[j] < hi && run.width[j] * scale < MIN_BAR &&
           (j === i || run.left[j] < end)) {
      sum += run.width[j];
      j++;
    }

    if (sum * scale >= 0.5) {
      var x0 = Math.max(Math.round(toPx(r, run.left[i])), geo.left);
      var w = Math.min(Math.max(Math.round(sum * scale), 1), geo.right - x0);

      if (w >= 1)
        fill(frag, x0, y, w, geo.barH, run.diff ? data.mergedDiff : lookOf(run, i)[0].merged);
    }
    return j;
  }

  function emitRun (frag, r) {
    var run = runs[r];
    var scale = frame.scale[r];
    var lo = frame.origin[r];
    var hi = frame.origin[r] + (geo.right - geo.left) / scale;

    for (var d = 0; d <= run.maxDepth; d++) {
      var y = rowY(run, d);
      var rowEnd = run.rowStart[d + 1];
      var i = firstEndingAfter(run, d, lo);

      while (i < rowEnd && run.left[i] < hi) {
        if (run.width[i] * scale >= MIN_BAR) {
          emitBar(frag, r, i, y);
          i++;
        } else {
          i = emitNarrow(frag, r, i, rowEnd, hi, y);
        }
      }
    }

    /* each run's total at the end of its root bar, so two runs read as two lengths */
    if (runs.length === 2 && run.n > 0) {
      var x = Math.round(toPx(r, run.left[0] + run.width[0]));

      if (x >= geo.left && x <= geo.right)
        text(frag, x + geo.pad, rowY(run, 0) + Math.round((geo.barH - geo.lineH) / 2),
             formatValue(run.total, run.unit), pal.fg);
    }
  }

  /* The axis -------------------------------------------------------------------------------- */

  function niceStep (raw) {
    if (!(raw > 0) || !isFinite(raw))
      return 1;
    var power = Math.pow(10, Math.floor(Math.log10(raw)));
    var fraction = raw / power;

    if (fraction <= 1 + 1e-9)
      return power;
    if (fraction <= 2 + 1e-9)
      return 2 * power;
    if (fraction <= 5 + 1e-9)
      return 5 * power;
    return 10 * power;
  }

  function axisUnit () {
    var range = state.xEnd - state.xStart;
    var unit = runs.length > 0 ? runs[0].unit : 's';

    if (!data.shared)
      return { multiplier: runs[0].total > 0 ? 100 / runs[0].total : 1, caption: T.capShare };
    if (unit === 'samples')
      return { multiplier: 1, caption: T.capSamples };
    if (unit === 'bytes')
      return { multiplier: 1, caption: T.capBytes };
    if (range < 1e-4)
      return { multiplier: 1e6, caption: T.capUs };
    if (range < 0.1)
      return { multiplier: 1e3, caption: T.capMs };
    return { multiplier: 1, caption: T.capS };
  }

  function line (parent, x, y, w, h, color) {
    parent.appendChild(element('line', {
      x1: x, y1: y, x2: x + w, y2: y + h, stroke: color, 'stroke-width': 1
    }));
  }

  function renderAxis () {
    var grid = document.createDocumentFragment();
    var axis = document.createDocumentFragment();
    var unit = axisUnit();
    var perPx = unit.multiplier / frame.scale[0];
    var start = state.xStart * unit.multiplier;
    var top = runs.length > 0 ? runs[0].graphY : geo.axisY;
    var divisor = 1, suffix = '';
    var step = niceStep(TICK_SPACING * perPx);

    line(axis, geo.left, geo.axisY + 0.5, geo.right - geo.left, 0, pal.axis);
    /* counts in the millions read better as 5M than as 5000000 */
    if (data.shared && runs.length > 0 && runs[0].unit !== 's') {
      var largest = Math.max(Math.abs(state.xStart), Math.abs(state.xEnd)) * unit.multiplier;

      if (largest >= 1e6 && step >= 1e4) {
        divisor = 1e6;
        suffix = 'M';
      } else if (largest >= 1e4 && step >= 100) {
        divisor = 1e3;
        suffix = 'k';
      }
    }

    var first = Math.ceil(start / step - 1e-9) * step;
    var decimals = Math.max(0, -Math.floor(Math.log10(step / divisor) + 1e-9));

    for (var k = 0; k < 1000; k++) {
      var value = first + k * step;
      var x = Math.round(geo.left + (value - start) / perPx) + 0.5;

      if (x > geo.right + 1)
        break;
      line(axis, x, geo.axisY + 0.5, 0, TICK, pal.axis);
      if (x > geo.left + 1)
        line(grid, x, top, 0, geo.axisY - top, pal.grid);
      if (Math.abs(value) < step / 2)
        value = 0;

      var content = (value / divisor).toFixed(decimals) + (value !== 0 ? suffix : '');
      var w = measure(content);
      var tx = Math.min(Math.max(x - w / 2, geo.left - geo.margin / 2), data.width - w - 1);

      text(axis, Math.round(tx), geo.axisY + TICK + 2, content, pal.fg);
    }
    text(axis, geo.left, geo.captionY, unit.caption, pal.muted);

    gGrid.replaceChildren(grid);
    gAxis.replaceChildren(axis);
  }

  function render () {
    var frag = document.createDocumentFragment();

    computeFrame();
    for (var r = 0; r < runs.length; r++)
      if (runs[r].n > 0 && runs[r].nRows > 0)
        emitRun(frag, r);
    gBars.replaceChildren(frag);
    renderAxis();
    hideHover();
    svg.setAttribute('data-frame', ++state.frames);
  }

  /* Pointer --------------------------------------------------------------------------------- */

  function pointIn (event) {
    var matrix = svg.getScreenCTM();
    if (matrix === null)
      return null;
    var point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return point;
  }

  /* the run and bar under a point of the drawing, or null */
  function hit (point) {
    if (point === null || point.x < geo.left || point.x >= geo.right)
      return null;
    computeFrame();
    for (var r = 0; r < runs.length; r++) {
      var run = runs[r];

      if (run.n === 0 || point.y < run.graphY || point.y >= run.graphY + run.nRows * geo.rowH)
        continue;

      var row = Math.floor((point.y - run.graphY) / geo.rowH);
      var depth = state.icicle ? row : run.nRows - 1 - row;
      var node = nodeAt(run, depth, frame.origin[r] + (point.x - geo.left) / frame.scale[r]);

      return node >= 0 ? { run: r, node: node } : null;
    }
    return null;
  }

  function location (fn, f) {
    var file = fn.file[f] >= 0 ? strings[fn.file[f]] : '';

    if (file === '~')
      return T.builtin;
    if (file === '' || file[0] === '<')
      return file;
    return fn.line[f] > 0 ? file + ':' + fn.line[f] : file;
  }

  /* the function whose several callers make this bar an estimate */
  function culprit (run, node) {
    var up = run.parent[node];

    while (up >= 0) {
      if (run.parent[up] >= 0 && run.fn.nc[run.func[up]] > 1)
        return up;
      up = run.parent[up];
    }
    return -1;
  }

  /* the facts of Hearth's tooltip */
  function tooltipText (r, node) {
    var run = runs[r];
    var fn = run.fn;
    var f = run.func[node];
    var q = run.raw.q;
    var name = label(run, node);
    var lines = [name];
    var width = run.width[node];
    var total = run.total;
    var parent = run.parent[node];
    var value = function (v) { return formatValue(v, run.unit); };

    if (fn.nm[f] >= 0 && strings[fn.nm[f]] !== name)
      lines.push(strings[fn.nm[f]]);
    var where = location(fn, f);
    if (where !== '')
      lines.push(where);

    var share = fmt(T.share, value(width), percent(width, total));
    if (parent >= 0)
      share += fmt(T.shareParent, percent(width, run.width[parent]), label(run, parent));
    lines.push(share);

    if (run.raw.det && fn.calls[f] >= 0) {
      if (fn.prim[f] !== fn.calls[f])
        lines.push(fmt(T.callsPrim, fn.calls[f], fn.prim[f]));
      else
        lines.push(fmt(T.calls, fn.calls[f]));
    }

    var span = children(run, node), covered = 0;
    for (var c = span[0]; c < span[1]; c++)
      covered += run.width[c];
    var self = Math.max(0, width - covered - run.guarded[node]);
    var cum = fn.cum[f] * q;

    if (run.raw.stacks || !(cum > 0)) {
      lines.push(fmt(T.selfNarrow, value(self), percent(self, total)));
    } else {
      var own = Math.min(fn.own[f] * q * width / cum, self);
      var narrow = self - own;

      lines.push(fmt(T.self, value(own), percent(own, total)));
      if (narrow > total * 1e-3)
        lines.push(fmt(T.narrow, value(narrow)));
    }

    if (run.guarded[node] > 0)
      lines.push(fmt(T.guarded, value(run.guarded[node])));
    if (run.flags[node] & FLAG_ESTIMATED) {
      var estimate = fmt(T.estimated, percent(width, total), percent(run.low[node], total),
                         percent(run.high[node], total));
      var who = culprit(run, node);

      if (who >= 0) {
        var n = run.fn.nc[run.func[who]];
        estimate += ': ' + fmt(n === 1 ? T.callersOne : T.callersMany, label(run, who), n);
      }
      lines.push(estimate);
    }
    if (run.flags[node] & FLAG_SHRUNK)
      lines.push(fmt(T.shrunk, percent((run.shrink[node] || 1) - 1, 1)));
    if (run.diff) {
      var diffLine = T.isNew;

      if (!(run.flags[node] & FLAG_NEW)) {
        var change = runs[0].total > 0 ? 100 * (width - run.before[node]) / runs[0].total : 0;
        var changeText = percentChange(change);

        diffLine = fmt(T.firstRun, value(run.before[node]), changeText);
      }
      if (run.flags[node] & FLAG_HATCHED)
        diffLine += T.ofEstimate;
      lines.push(diffLine);
    }
    lines.push(run.depth[node] === 0 && state.zoomNode < 0 ? '' : T.clickZoom);
    return lines.join('\n').trim();
  }

  var hovered = null;

  function hideHover () {
    hovered = null;
    hoverBox.setAttribute('visibility', 'hidden');
    tip.hidden = true;
  }

  function showTip (event, target) {
    var key = target.run + ':' + target.node;

    if (hovered !== key) {
      var rect = barRect(target.run, target.node);

      hovered = key;
      tip.textContent = tooltipText(target.run, target.node);
      if (rect !== null) {
        hoverBox.setAttribute('x', rect.x + 0.5);
        hoverBox.setAttribute('y', rect.y + 0.5);
        hoverBox.setAttribute('width', Math.max(0, rect.w - 1));
        hoverBox.setAttribute('height', Math.max(0, geo.barH - 1));
        hoverBox.setAttribute('visibility', 'visible');
      }
      tip.hidden = false;
    }

    /* beside the pointer, kept inside the window */
    var x = event.clientX + 14, y = event.clientY + 16;
    var w = tip.offsetWidth, h = tip.offsetHeight;

    if (x + w > window.innerWidth - 4)
      x = Math.max(4, event.clientX - w - 14);
    if (y + h > window.innerHeight - 4)
      y = Math.max(4, event.clientY - h - 16);
    tip.style.left = x + 'px';
    tip.style.top = y + 'px';
  }

  svg.addEventListener('pointermove', function (event) {
    var target = hit(pointIn(event));

    if (target === null)
      hideHover();
    else
      showTip(event, target);
  });
  svg.addEventListener('pointerleave', hideHover);
  svg.addEventListener('click', function (event) {
    var target = hit(pointIn(event));

    if (target !== null)
      zoomTo(target.run, target.node);
  });

  /* Zoom ------------------------------------------------------------------------------------ */

  function zoomTo (r, node) {
    var run = runs[r];
    var ratio = run.ratio > 0 ? run.ratio : 1;

    if (!(run.width[node] > 0))
      return;
    if (run.parent[node] < 0 && r === 0 && Math.abs(run.width[node] - fullEnd) <= fullEnd * 1e-9) {
      resetZoom();
      return;
    }
    state.xStart = run.left[node] / ratio;
    state.xEnd = (run.left[node] + run.width[node]) / ratio;
    state.zoomRun = r;
    state.zoomNode = node;
    state.zoomPath = new Int32Array(run.maxDepth + 1).fill(-1);
    for (var up = node; up >= 0; up = run.parent[up])
      state.zoomPath[run.depth[up]] = up;
    render();
    updateControls();
  }

  function resetZoom () {
    var wasZoomed = state.zoomNode >= 0;

    state.xStart = 0;
    state.xEnd = fullEnd;
    state.zoomRun = -1;
    state.zoomNode = -1;
    state.zoomPath = null;
    if (wasZoomed)
      render();
    updateControls();
  }

  /* the zoomed bar's ancestors as a row of buttons */
  function updateControls () {
    var row = document.createDocumentFragment();

    resetButton.disabled = state.zoomNode < 0;
    if (state.zoomNode >= 0) {
      var run = runs[state.zoomRun];
      var chain = [];

      for (var up = state.zoomNode; up >= 0; up = run.parent[up])
        chain.unshift(up);
      chain.forEach(function (node, index) {
        var button = document.createElement('button');

        button.type = 'button';
        button.textContent = label(run, node);
        button.title = button.textContent;
        if (node === state.zoomNode)
          button.setAttribute('aria-current', 'true');
        button.addEventListener('click', function () {
          if (index === 0)
            resetZoom();
          else
            zoomTo(state.zoomRun, node);
        });
        if (index > 0) {
          var sep = document.createElement('span');
          sep.className = 'sep';
          sep.textContent = '\u203a';
          row.appendChild(sep);
        }
        row.appendChild(button);
      });
    }
    if (state.zoomNode < 0) {
      var whole = document.createElement('span');

      whole.className = 'whole';
      whole.textContent = T.wholeRun;
      row.appendChild(whole);
    }
    crumbs.replaceChildren(row);
    orientButton.textContent = state.icicle ? T.toFlame : T.toIcicle;
  }

  resetButton.addEventListener('click', resetZoom);
  orientButton.addEventListener('click', function () {
    state.icicle = !state.icicle;
    render();
    updateControls();
  });

  /* Search ---------------------------------------------------------------------------------- */

  /* the share of each run in matching bars, a match inside another counted once */
  function matchedShare (run) {
    var covered = new Uint8Array(run.n);
    var sum = 0, count = 0;

    for (var i = 0; i < run.n; i++) {
      var up = run.parent[i];
      var inside = up >= 0 && covered[up] !== 0;

      if (matches(run, run.func[i])) {
        count++;
        if (!inside)
          sum += run.width[i];
        covered[i] = 1;
      } else if (inside) {
        covered[i] = 1;
      }
    }
    return { sum: sum, count: count };
  }

  function applySearch (pattern) {
    var re = null;

    search.classList.remove('invalid');
    search.removeAttribute('title');
    if (pattern !== '') {
      try {
        re = new RegExp(pattern, 'i');
      } catch (error) {
        search.classList.add('invalid');
        search.title = fmt(T.badRegex, error.message);
        matched.textContent = '';
        return;
      }
    }
    if (re === null && state.re === null)
      return;
    state.re = re;
    runs.forEach(function (run) { run.match.fill(0); });

    if (re === null) {
      matched.textContent = '';
    } else {
      var parts = runs.map(function (run, r) {
        var m = matchedShare(run);
        var share = percent(m.sum, run.total);

        if (m.count === 0)
          share = T.noMatch;
        return runs.length > 1 ? fmt(T.runShare, data.runs[r].title, share) : share;
      });
      matched.textContent = fmt(T.matched, parts.join(', '));
    }
    render();
  }

  var searchTimer = 0;
  var nBars = runs.reduce(function (n, run) { return n + run.n; }, 0);

  search.addEventListener('input', function () {
    clearTimeout(searchTimer);
    /* a few keystrokes at once on a big tree, not one frame each */
    searchTimer = setTimeout(function () { applySearch(search.value); }, nBars > 50000 ? 200 : 60);
  });
  search.addEventListener('keydown', function (event) {
    if (event.key === 'Enter') {
      clearTimeout(searchTimer);
      applySearch(search.value);
    }
  });

  /* Keyboard -------------------------------------------------------------------------------- */

  document.addEventListener('keydown', function (event) {
    var inSearch = document.activeElement === search;

    if ((event.key === '/' && !inSearch) ||
        ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f')) {
      event.preventDefault();
      search.focus();
      search.select();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      clearTimeout(searchTimer);
      search.value = '';
      applySearch('');
      resetZoom();
      search.blur();
      hideHover();
    }
  });

  /* Width ----------------------------------------------------------------------------------- */

  /* The drawing fills the width of the browser window: the bars take what the window gives,
   * the margins and the room for the runs' totals on the right stay as Hearth drew them, and
   * every label is fitted again. */
  var MIN_WIDTH = 320;
  var rightRoom = data.width - geo.right;
  var background = svg.querySelector(':scope > rect:not(#hover)');

  function fitWidth () {
    var width = Math.max(MIN_WIDTH, Math.floor(document.documentElement.clientWidth));
    var height = svg.getAttribute('height');

    if (!(width > 0) || width === data.width)
      return false;
    data.width = width;
    geo.right = Math.max(geo.left + 1, width - rightRoom);
    svg.setAttribute('width', width);
    svg.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
    if (background !== null)
      background.setAttribute('width', width);
    return true;
  }

  var resizeFrame = 0;
  window.addEventListener('resize', function () {
    if (resizeFrame !== 0)
      return;
    /* once per frame however many events a drag sends */
    resizeFrame = requestAnimationFrame(function () {
      resizeFrame = 0;
      if (fitWidth())
        render();
    });
  });

  document.documentElement.classList.add('interactive');
  svg.setAttribute('data-frame', '0');
  if (fitWidth())
    render();
  updateControls();
})();
