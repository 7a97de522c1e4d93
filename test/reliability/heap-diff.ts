/**
 * What grew between two heap snapshots, by constructor: `npx tsx test/reliability/heap-diff.ts
 * a.heapsnapshot b.heapsnapshot [rows]`. Sums each node's own (shallow) size and count per node type
 * and name, as DevTools' "Summary" view does, and prints the largest growths and the totals.
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Shallow bytes and count per "type:name" (strings, code and arrays grouped by type). */
export function summarize(path: string): Map<string, { bytes: number; count: number }> {
  const data = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const byKey = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt]!]!;
    const grouped = type === 'object' || type === 'closure' || type === 'native';
    const key = grouped ? `${type}:${data.strings[data.nodes[i + nameAt]!]}` : type;
    const entry = byKey.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += data.nodes[i + sizeAt]!;
    entry.count++;
    byKey.set(key, entry);
  }
  return byKey;
}

const total = (m: Map<string, { bytes: number }>) => [...m.values()].reduce((s, e) => s + e.bytes, 0);

if (process.argv[1]?.endsWith('heap-diff.ts')) {
  const [a, b, rows = '25'] = process.argv.slice(2);
  if (!a || !b) throw new Error('usage: heap-diff.ts a.heapsnapshot b.heapsnapshot [rows]');
  const before = summarize(a);
  const after = summarize(b);
  const keys = new Set([...before.keys(), ...after.keys()]);
  const diff = [...keys].map((key) => {
    const x = before.get(key) ?? { bytes: 0, count: 0 };
    const y = after.get(key) ?? { bytes: 0, count: 0 };
    return { key, bytes: y.bytes - x.bytes, count: y.count - x.count, after: y.bytes };
  });
  diff.sort((p, q) => q.bytes - p.bytes);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
  console.log(`total shallow size: ${mb(total(before))} MB -> ${mb(total(after))} MB`);
  console.log('growth MB  count    now MB  constructor');
  for (const row of diff.slice(0, Number(rows)))
    console.log(
      `${mb(row.bytes).padStart(9)}  ${String(row.count).padStart(7)}  ${mb(row.after).padStart(7)}  ${row.key}`,
    );
}
