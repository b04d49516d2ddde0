import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  openTestRuntime,
  testRedisUrl,
  testServerUrl,
  type TestDatabase,
} from '../support/runtime.ts';

describe('test database support', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('gives each file a migrated copy of the template', async () => {
    const rows = await db.knex('knex_migrations').select('name');
    expect(rows.map((r: { name: string }) => r.name)).toContain('0001_extensions');
    const ext = await db.knex.raw<{ rows: { extname: string }[] }>(
      `SELECT extname FROM pg_extension`,
    );
    expect(ext.rows.map((r) => r.extname)).toContain('pg_trgm');
  });
});

describe('test runtime (the composition root on a test database)', () => {
  it('opens the app parts on its own database and removes database and queue keys at close', async () => {
    const runtime = await openTestRuntime({ label: 'smoke' });
    let closed = false;
    try {
      expect(runtime.role).toBe('test');
      expect(runtime.jobs.backend).toBe('redis');
      expect(runtime.redisPrefix).toMatch(/^t_smoke_[0-9a-f]{8}$/);
      const { rows } = await runtime.knex.raw<{ rows: { db: string }[] }>(
        'SELECT current_database() AS db',
      );
      expect(rows[0]?.db).toBe(runtime.db.name);
      await runtime.jobs.queue('smoke').add('noop', { name: 'noop', data: {} });
      expect(await redisKeys(runtime.redisPrefix!)).not.toHaveLength(0);
      await runtime.close();
      closed = true;
      expect(await redisKeys(runtime.redisPrefix!)).toHaveLength(0);
      const client = new pg.Client({ connectionString: testServerUrl });
      await client.connect();
      try {
        const left = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
          runtime.db.name,
        ]);
        expect(left.rowCount).toBe(0);
      } finally {
        await client.end();
      }
    } finally {
      if (!closed) await runtime.close();
    }
  });
});

async function redisKeys(prefix: string): Promise<string[]> {
  const redis = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
  try {
    return await redis.keys(`${prefix}:*`);
  } finally {
    redis.disconnect();
  }
}
