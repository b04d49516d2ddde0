/**
 * Measures the demo-data generator: world size, rows and generation speed.
 *
 *   npx tsx bench/seed-size.ts --drivers 100000 [--seed 1] [--limit 20000] [--client-sample 300]
 *
 * Prints progress on stderr and, as its last stdout line, one JSON object: members, weeks,
 * subsessions, race rows, all simsession rows, and the throughput of each stage (simulation,
 * results/get building + JSON serialisation, and the real client parsing through createDemoFetch).
 */
import { parseArgs } from 'node:util';
import { createIracingClient, staticAccessToken } from '../src/ingest/client/index.ts';
import {
  buildSubsessionResult,
  createDemoFetch,
  createDemoWorld,
} from '../src/demo/iracing/index.ts';

const { values } = parseArgs({
  options: {
    drivers: { type: 'string', default: '100000' },
    seed: { type: 'string' },
    limit: { type: 'string' },
    'client-sample': { type: 'string', default: '300' },
  },
});

const drivers = Number(values.drivers);
const seconds = (ms: number) => Math.round(ms) / 1000;
/** CPU time of this process (user + system, ms): unlike wall time, not inflated by other load. */
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const log = (message: string) => process.stderr.write(`${message}\n`);

let t = performance.now();
const world = createDemoWorld({ drivers, ...(values.seed ? { seed: Number(values.seed) } : {}) });
const createMs = performance.now() - t;
log(`world: ${drivers} members, ${world.totalWeeks} race weeks (${seconds(createMs)} s)`);

t = performance.now();
let c = cpuMs();
world.simulation.advanceAll((p) =>
  log(
    `simulated week ${p.weeksDone}/${p.weeksTotal}: ${p.subsessions} subsessions, ${p.resultRows} race rows`,
  ),
);
const simulateMs = performance.now() - t;
const simulateCpuMs = cpuMs() - c;
const records = world.simulation.allRecords();

const limit = values.limit ? Math.min(Number(values.limit), records.length) : records.length;
t = performance.now();
c = cpuMs();
let bytes = 0;
let allRows = 0;
for (let i = 0; i < limit; i++) {
  const payload = buildSubsessionResult(world, records[i]!);
  bytes += JSON.stringify(payload).length;
  for (const s of payload.session_results) allRows += s.results.length;
  if ((i + 1) % 5000 === 0) log(`built ${i + 1}/${limit} results/get payloads`);
}
const buildMs = performance.now() - t;
const buildCpuMs = cpuMs() - c;
const rowsPerPayload = allRows / Math.max(1, limit);

const sample = Math.min(Number(values['client-sample']), records.length);
const client = createIracingClient({
  apiUrl: 'http://demo.invalid',
  auth: { kind: 'token', source: staticAccessToken('demo') },
  fetch: createDemoFetch(world),
});
t = performance.now();
c = cpuMs();
for (let i = 0; i < sample; i++) {
  await client.subsessionResult(records[Math.floor((i * records.length) / sample)]!.subsessionId);
}
const clientMs = performance.now() - t;
const clientCpuMs = cpuMs() - c;
const memory = process.memoryUsage();

console.log(
  JSON.stringify({
    drivers,
    weeks: world.totalWeeks,
    subsessions: records.length,
    raceRows: world.simulation.raceRows,
    allSimsessionRowsEstimate: Math.round(rowsPerPayload * records.length),
    createSeconds: seconds(createMs),
    simulateSeconds: seconds(simulateMs),
    simulateCpuSeconds: seconds(simulateCpuMs),
    simulatedRaceRowsPerSecond: Math.round(world.simulation.raceRows / (simulateMs / 1000)),
    simulatedRaceRowsPerCpuSecond: Math.round(world.simulation.raceRows / (simulateCpuMs / 1000)),
    builtPayloads: limit,
    buildAndSerialiseSeconds: seconds(buildMs),
    buildAndSerialiseCpuSeconds: seconds(buildCpuMs),
    resultsGetPayloadsPerSecond: Math.round(limit / (buildMs / 1000)),
    resultsGetPayloadsPerCpuSecond: Math.round(limit / (buildCpuMs / 1000)),
    resultsGetMegabytesPerSecond: Math.round(bytes / 1e6 / (buildMs / 1000)),
    averagePayloadKilobytes: Math.round(bytes / 1000 / Math.max(1, limit)),
    clientSample: sample,
    clientPayloadsPerSecond: Math.round(sample / (clientMs / 1000)),
    clientPayloadsPerCpuSecond: Math.round(sample / (clientCpuMs / 1000)),
    loadAverage: Number((await import('node:os')).loadavg()[0]?.toFixed(1)),
    heapMegabytes: Math.round(memory.heapUsed / 1e6),
    rssMegabytes: Math.round(memory.rss / 1e6),
  }),
);
