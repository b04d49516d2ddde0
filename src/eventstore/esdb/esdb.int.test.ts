import { createLogger } from '../../logger.ts';
import { eventStoreContract } from '../contract.ts';
import { contractRegistry } from '../contract-fixtures.ts';
import { createValidatingStore } from '../validating-store.ts';
import { EsdbEventStore } from './esdb-event-store.ts';

/**
 * The contract suite against a real EventStoreDB, when EVENTSTORE_URL points at one
 * (docker compose up eventstore; EVENTSTORE_URL=esdb://127.0.0.1:2113?tls=false).
 */
const url = process.env.EVENTSTORE_URL;

if (!url) {
  console.warn(
    '[esdb] EventStoreDB contract suite skipped: EVENTSTORE_URL is not set (no EventStoreDB server ' +
      'can be installed on this machine; run `docker compose up -d eventstore` and set ' +
      'EVENTSTORE_URL=esdb://127.0.0.1:2113?tls=false to run it).',
  );
}

eventStoreContract(
  'esdb',
  () => {
    const raw = new EsdbEventStore({
      connectionString: url!,
      logger: createLogger({ level: 'silent', pretty: false }),
    });
    return Promise.resolve({
      raw,
      store: createValidatingStore(raw, contractRegistry),
      close: () => raw.close(),
    });
  },
  {
    skip: url ? undefined : 'EVENTSTORE_URL is not set',
    noOpenTransactions:
      'EventStoreDB commits each append in its single writer; a client cannot hold a write transaction open',
  },
);
