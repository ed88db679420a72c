// Reads Chromium CPU profiles (CDP Profiler) of the unminified bench bundle: self and total
// time per function, mapped back to the original source file through the bundle's source map
// (esbuild chains dist/*.js.map, so library frames point into src/).

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes a v3 source map's mappings into, per generated line, [column, sourceIndex, line][] sorted by column. */
export function decodeSourceMap(map) {
  const lines = [];
  let source = 0;
  let sourceLine = 0;
  for (const text of map.mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of text.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = DIGIT.get(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length >= 4) {
        source += values[1];
        sourceLine += values[2];
        segments.push([column, source, sourceLine]);
      }
    }
    lines.push(segments);
  }
  return {
    /** Original [source file, 1-based line] of a 0-based generated position. */
    lookup(line, column) {
      const segments = lines[line];
      if (!segments || segments.length === 0) return undefined;
      let found;
      for (const segment of segments) {
        if (segment[0] > column) break;
        found = segment;
      }
      found ??= segments[0];
      return [map.sources[found[1]], found[2] + 1];
    },
  };
}

/** Which part of the page a source file belongs to. */
export function areaOf(file, functionName) {
  if (!file) {
    if (functionName === '(garbage collector)') return 'V8: garbage collector';
    if (functionName === '(program)' || functionName === '(idle)') return 'browser (program)';
    return 'browser / native (DOM, layout, builtins)';
  }
  const library = /(?:^|\/)src\/(core|card|hooks|adapters|i18n)\//.exec(file);
  if (library) return `ours: src/${library[1]}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1];
  if (/(^|\/)(options|page)\//.test(file)) return 'bench harness / option code';
  return file;
}

/**
 * Self and total time per function over a set of profiles, and time per area.
 * @param profiles CDP Profiler.Profile objects
 * @param scriptSuffix the bundle whose frames are mapped through `sourceMap`
 */
export function summarizeProfiles(profiles, scriptSuffix, sourceMap) {
  const functions = new Map();
  const areas = new Map();
  let total = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const describe = new Map();
    const info = (node) => {
      let entry = describe.get(node.id);
      if (entry) return entry;
      const frame = node.callFrame;
      const name = frame.functionName || '(anonymous)';
      let file;
      let line = frame.lineNumber + 1;
      if (frame.url.endsWith(scriptSuffix) && sourceMap) {
        const original = sourceMap.lookup(frame.lineNumber, frame.columnNumber);
        if (original) [file, line] = original;
        file = file?.replace(/^(\.\.\/)+/, '');
      } else if (frame.url) file = frame.url;
      entry = { key: `${name} ${file ?? ''}:${line}`, name, file, line, area: areaOf(file, name) };
      describe.set(node.id, entry);
      return entry;
    };
    const { samples, timeDeltas } = profile;
    for (let i = 0; i < samples.length; i++) {
      const ms = (timeDeltas[i + 1] ?? 0) / 1000;
      if (ms <= 0) continue;
      const leaf = nodes.get(samples[i]);
      if (!leaf) continue;
      const self = info(leaf);
      if (self.name === '(idle)') continue;
      total += ms;
      areas.set(self.area, (areas.get(self.area) ?? 0) + ms);
      const seen = new Set();
      for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
        const node = nodes.get(id);
        const entry = info(node);
        if (entry.name === '(root)') continue;
        let row = functions.get(entry.key);
        if (!row) {
          row = { ...entry, self: 0, total: 0 };
          functions.set(entry.key, row);
        }
        if (id === leaf.id) row.self += ms;
        if (!seen.has(entry.key)) {
          row.total += ms;
          seen.add(entry.key);
        }
      }
    }
  }
  const count = Math.max(1, profiles.length);
  const perRun = (ms) => ms / count;
  return {
    runs: profiles.length,
    totalMs: perRun(total),
    areas: [...areas].map(([area, ms]) => ({ area, ms: perRun(ms) })).sort((a, b) => b.ms - a.ms),
    functions: keepTop(
      [...functions.values()].map((row) => ({ ...row, self: perRun(row.self), total: perRun(row.total) })),
    ),
  };
}

/** The rows a report can show: the top 60 by self time and the library's top 40 by total time. */
function keepTop(rows) {
  const bySelf = [...rows].sort((a, b) => b.self - a.self).slice(0, 60);
  const oursByTotal = rows
    .filter((row) => row.area.startsWith('ours'))
    .sort((a, b) => b.total - a.total)
    .slice(0, 40);
  return [...new Set([...bySelf, ...oursByTotal])].sort((a, b) => b.self - a.self);
}
