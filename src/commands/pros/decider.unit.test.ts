import { describe, expect, it } from 'vitest';
import type { ProDriverCreated } from '../../events/pro-driver.ts';
import { deciderSpecification } from '../core/testing.ts';
import { proDecider } from './decider.ts';

const now = new Date('2026-03-01T10:00:00.000Z');
const spec = deciderSpecification(proDecider, { now });
const proId = '00000000-0000-4000-8000-0000000000cc';
const fields = {
  proId,
  name: 'Lena Hartmann',
  custId: 1000,
  countryCode: 'DE',
  background: 'GT3 driver',
  teamName: null,
  bioMarkdown: 'Fast.',
  links: [],
  gearIds: [],
};
const created: ProDriverCreated = {
  type: 'ProDriverCreated',
  data: { ...fields, createdAt: '2026-02-01T00:00:00.000Z' },
};

describe('pro-driver decider', () => {
  it('creates with normalised input (country in capitals, empty texts as none)', () => {
    spec
      .given([])
      .when({ type: 'CreatePro', data: { ...fields, countryCode: 'de', teamName: '  ' } })
      .then([{ type: 'ProDriverCreated', data: { ...fields, createdAt: now.toISOString() } }]);
    spec
      .given([created])
      .when({ type: 'CreatePro', data: fields })
      .thenThrows({ kind: 'conflict', code: 'pro_exists' });
  });

  it.each([
    [{ countryCode: 'DEU' }, 'countryCode'],
    [{ custId: 0 }, 'custId'],
    [{ links: [{ label: 'x', url: 'data:text/html,hi' }] }, 'links.0.url'],
    [{ gearIds: ['not-a-uuid'] }, 'gearIds.0'],
  ])('refuses %j', (override, field) => {
    const err = spec
      .given([])
      .when({ type: 'CreatePro', data: { ...fields, ...override } })
      .thenThrows({ kind: 'validation' });
    expect(Object.keys(err.fieldErrors)).toContain(field);
  });

  it('records only changed fields, clears the customer id with null, and deletes once', () => {
    spec
      .given([created])
      .when({ type: 'UpdatePro', data: { proId, name: 'Lena Hartmann', custId: null } })
      .then([
        {
          type: 'ProDriverUpdated',
          data: { proId, changes: { custId: null }, updatedAt: now.toISOString() },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'UpdatePro', data: { proId, name: 'Lena Hartmann' } })
      .thenNothingHappened();
    const deleted = {
      type: 'ProDriverDeleted' as const,
      data: { proId, deletedAt: now.toISOString() },
    };
    spec.given([created]).when({ type: 'DeletePro', data: { proId } }).then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'DeletePro', data: { proId } })
      .thenNothingHappened();
    spec
      .given([created, deleted])
      .when({ type: 'UpdatePro', data: { proId, name: 'Again' } })
      .thenThrows({ kind: 'not_found', code: 'pro_not_found' });
  });
});
