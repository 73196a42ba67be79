import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog } from '../src/db/schema.js';
import { writeAudit } from '../src/repositories/audit.js';
import { addSite, startApp, type TestSite } from './helpers.js';

// The busiest statements are prepared once and run on whatever connection they are given: the
// pool's, or a transaction's. One that ran on the pool inside a transaction would outlive its
// rollback (an audit entry of a save that never happened) and miss the transaction's own rows.

let app: FastifyInstance;
let site: TestSite;
before(async () => {
  app = await startApp();
  site = await addSite(app);
});
after(() => app.close());

describe('prepared statements', () => {
  const entriesOf = (entity: string) => app.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, entity));
  const entry = (entity: string) => ({ siteId: site.siteId, accountId: site.accountId, action: 'create' as const, entity, entityId: 1 });

  it('run inside the transaction they are given: seen there, gone with its rollback', async () => {
    const entity = `rolled_back_${randomUUID()}`;
    await assert.rejects(
      app.db.transaction(async (tx) => {
        assert.equal(await writeAudit(tx, entry(entity)), true);
        assert.equal((await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, entity))).length, 1);
        throw new Error('the save failed');
      }),
      /the save failed/,
    );
    assert.deepEqual(await entriesOf(entity), []);
  });

  it('run on the pool, and in a committed transaction, each write once', async () => {
    const entity = `kept_${randomUUID()}`;
    assert.equal(await writeAudit(app.db, entry(entity)), true);
    await app.db.transaction((tx) => writeAudit(tx, entry(entity)));
    assert.equal((await entriesOf(entity)).length, 2);
  });
});
