// What a page's JS heap holds, from a CDP heap snapshot: the bytes of each V8 node type, and the
// count and bytes of each kind of object. Two of these, before and after the mount/unmount
// cycles, tell growth that is the page's code (V8 compiles and tiers up functions as they run)
// from objects something still holds, which is what a leak is.

/** Takes a heap snapshot (after two full collections) and sums it up. */
export async function heapSnapshotSummary(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks = [];
  const onChunk = (event) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const snapshot = JSON.parse(chunks.join(''));
  const fields = snapshot.snapshot.meta.node_fields;
  const typeNames = snapshot.snapshot.meta.node_types[0];
  const stride = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const byType = {};
  const byKind = {};
  const { nodes, strings } = snapshot;
  for (let index = 0; index < nodes.length; index += stride) {
    const type = typeNames[nodes[index + typeAt]];
    const size = nodes[index + sizeAt];
    byType[type] = (byType[type] ?? 0) + size;
    // Objects by constructor, arrays by what V8 calls them; strings, numbers and the like by type.
    const name = strings[nodes[index + nameAt]];
    const kind =
      type === 'object' || type === 'closure' || type === 'native' || type === 'array'
        ? `${type} ${name || '(unnamed)'}`
        : type;
    byKind[kind] ??= { count: 0, bytes: 0 };
    const entry = byKind[kind];
    entry.count += 1;
    entry.bytes += size;
  }
  return { byType, byKind };
}

/** Bytes of V8's compiled code and the rest, and the kinds of object that grew most. */
export function heapGrowth(start, end, top = 8) {
  const code = (summary) => summary.byType.code ?? 0;
  const total = (summary) => Object.values(summary.byType).reduce((sum, bytes) => sum + bytes, 0);
  const grown = Object.entries(end.byKind)
    .map(([kind, entry]) => {
      const before = start.byKind[kind] ?? { count: 0, bytes: 0 };
      return { kind, count: entry.count - before.count, bytes: entry.bytes - before.bytes };
    })
    // A kind that grew in bytes only (one array holding more) counts too: that is how many leaks look.
    .filter((entry) => entry.bytes > 0 && entry.kind !== 'code')
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top);
  return {
    codeBytes: code(end) - code(start),
    otherBytes: total(end) - code(end) - (total(start) - code(start)),
    startOtherBytes: total(start) - code(start),
    grown,
  };
}
