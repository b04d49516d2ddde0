import { describe, expect, it } from 'vitest';
import type { RecruitmentEvent, RecruitmentProfileCreated } from '../../events/recruitment.ts';
import { deciderSpecification } from '../core/testing.ts';
import type { CreateProfileData } from './commands.ts';
import { openUntil, recruitmentDecider, TOO_MANY_OPEN } from './decider.ts';

const now = new Date('2026-06-01T10:00:00.000Z');
const spec = deciderSpecification(recruitmentDecider, { now });
const ownerId = '00000000-0000-4000-8000-00000000aaaa';
const pid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SEALED = 'v1.AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBB';

const driverFields = {
  title: 'GT3 driver looking for an endurance team',
  description: 'Consistent, clean driver; 24h races welcome, practice nights too.',
  categories: ['sports_car' as const],
  seriesIds: [228],
  availability: {
    timeZone: 'Europe/Berlin',
    days: ['sat' as const, 'sun' as const],
    format: 'endurance' as const,
  },
  languages: ['en', 'de'],
  contact: SEALED,
  custId: 101,
  teamId: null,
  requirements: [],
};

const createDriver = (n: number, over: Partial<CreateProfileData> = {}) => ({
  type: 'CreateRecruitmentProfile' as const,
  data: { profileId: pid(n), ownerId, kind: 'driver' as const, ...driverFields, ...over },
});

const created = (n: number, at = '2026-05-01T10:00:00.000Z'): RecruitmentProfileCreated => ({
  type: 'RecruitmentProfileCreated',
  data: {
    profileId: pid(n),
    ownerId,
    kind: 'driver',
    ...driverFields,
    createdAt: at,
    expiresAt: openUntil(new Date(at)),
  },
});

const closedBy = (n: number, reason: 'owner' | 'expired' = 'owner'): RecruitmentEvent => ({
  type: 'RecruitmentProfileClosed',
  data: { profileId: pid(n), reason, closedAt: '2026-05-02T10:00:00.000Z' },
});

describe('recruitment decider', () => {
  it('creates a driver profile open for 60 days, normalising languages', () => {
    spec
      .given([])
      .when(createDriver(1, { languages: ['EN', ' de '] }))
      .then([
        {
          type: 'RecruitmentProfileCreated',
          data: {
            profileId: pid(1),
            ownerId,
            kind: 'driver',
            ...driverFields,
            createdAt: now.toISOString(),
            expiresAt: '2026-07-31T10:00:00.000Z',
          },
        },
      ]);
  });

  it('refuses a fourth open profile with a message for the form, and allows it once one is closed', () => {
    const err = spec
      .given([created(1), created(2), created(3)])
      .when(createDriver(4))
      .thenThrows({ kind: 'conflict', code: 'too_many_open_profiles' });
    expect(err.message).toBe(TOO_MANY_OPEN);
    expect(err.fieldErrors._).toBe(TOO_MANY_OPEN);
    spec
      .given([created(1), created(2), created(3), closedBy(2)])
      .when(createDriver(4))
      .then([expect.objectContaining({ type: 'RecruitmentProfileCreated' }) as RecruitmentEvent]);
  });

  it('refuses to reuse a profile id, even a deleted one', () => {
    const deleted: RecruitmentEvent = {
      type: 'RecruitmentProfileDeleted',
      data: { profileId: pid(1), by: 'owner', deletedAt: '2026-05-03T00:00:00.000Z' },
    };
    spec
      .given([created(1), deleted])
      .when(createDriver(1))
      .thenThrows({ code: 'profile_exists' });
  });

  it.each([
    ['a short title', { title: 'GT3' }, 'title'],
    ['no category', { categories: [] }, 'categories'],
    ['an unknown category', { categories: ['karting'] }, 'categories.0'],
    [
      'an unknown time zone',
      { availability: { ...driverFields.availability, timeZone: 'Mars/Olympus' } },
      'availability.timeZone',
    ],
    ['no day', { availability: { ...driverFields.availability, days: [] } }, 'availability.days'],
    ['a three-letter language', { languages: ['eng'] }, 'languages.0'],
    ['a plaintext contact', { contact: 'me@example.com' }, 'contact'],
    ['a driver profile without customer id', { custId: null }, 'custId'],
    [
      'a driver profile with requirements',
      { requirements: [{ category: 'oval', minIRating: 2000, minLicence: null }] },
      'requirements',
    ],
  ])('refuses %s with a field error', (_label, override, field) => {
    const err = spec
      .given([])
      .when(createDriver(1, override as Partial<CreateProfileData>))
      .thenThrows({ kind: 'validation', code: 'invalid_input' });
    expect(Object.keys(err.fieldErrors)).toContain(field);
  });

  it('creates a team profile with requirements and no customer id', () => {
    const teamId = '00000000-0000-4000-8000-0000000000bb';
    const requirements = [
      { category: 'sports_car' as const, minIRating: 2500, minLicence: 'B' as const },
    ];
    const [event] = recruitmentDecider.decide(
      createDriver(1, { kind: 'team', custId: null, teamId, requirements }),
      recruitmentDecider.initialState(),
      { now, newId: () => pid(99) },
    );
    expect(event).toMatchObject({
      type: 'RecruitmentProfileCreated',
      data: { kind: 'team', custId: null, teamId, requirements },
    });
    spec
      .given([])
      .when(createDriver(2, { kind: 'team', custId: 7 }))
      .thenThrows({ fieldErrors: { custId: 'A team profile links a team, not a driver.' } });
  });

  it('records only the fields that changed, and nothing when none did', () => {
    spec
      .given([created(1)])
      .when({
        type: 'EditRecruitmentProfile',
        data: { profileId: pid(1), title: 'GT3 driver for the 24h season', seriesIds: [228] },
      })
      .then([
        {
          type: 'RecruitmentProfileEdited',
          data: {
            profileId: pid(1),
            changes: { title: 'GT3 driver for the 24h season' },
            editedAt: now.toISOString(),
          },
        },
      ]);
    spec
      .given([created(1)])
      .when({
        type: 'EditRecruitmentProfile',
        data: { profileId: pid(1), title: driverFields.title },
      })
      .thenNothingHappened();
  });

  it('keeps the kind rules on edit and answers 404 for an unknown or deleted profile', () => {
    spec
      .given([created(1)])
      .when({ type: 'EditRecruitmentProfile', data: { profileId: pid(1), custId: null } })
      .thenThrows({
        kind: 'validation',
        fieldErrors: { custId: 'Enter your iRacing customer id.' },
      });
    spec
      .given([])
      .when({ type: 'EditRecruitmentProfile', data: { profileId: pid(1), title: 'Another title' } })
      .thenThrows({ kind: 'not_found', code: 'profile_not_found' });
  });

  it('closes by the owner once; renewing reopens it for 60 days unless three others are open', () => {
    const state = spec
      .given([created(1)])
      .when({ type: 'CloseRecruitmentProfile', data: { profileId: pid(1) } })
      .then([
        {
          type: 'RecruitmentProfileClosed',
          data: { profileId: pid(1), reason: 'owner', closedAt: now.toISOString() },
        },
      ]);
    expect(state.profiles[pid(1)]?.status).toBe('closed');
    spec
      .given([created(1), closedBy(1)])
      .when({ type: 'CloseRecruitmentProfile', data: { profileId: pid(1) } })
      .thenNothingHappened();
    spec
      .given([created(1), closedBy(1)])
      .when({ type: 'RenewRecruitmentProfile', data: { profileId: pid(1) } })
      .then([
        {
          type: 'RecruitmentProfileRenewed',
          data: {
            profileId: pid(1),
            reopened: true,
            renewedAt: now.toISOString(),
            expiresAt: openUntil(now),
          },
        },
      ]);
    spec
      .given([created(1), closedBy(1), created(2), created(3), created(4)])
      .when({ type: 'RenewRecruitmentProfile', data: { profileId: pid(1) } })
      .thenThrows({ code: 'too_many_open_profiles' });
  });

  it('expires an open profile only once its 60 days have passed', () => {
    const old = created(1, '2026-03-01T10:00:00.000Z'); // expired 2026-04-30
    spec
      .given([old])
      .when({ type: 'ExpireRecruitmentProfile', data: { profileId: pid(1) } })
      .then([
        {
          type: 'RecruitmentProfileClosed',
          data: { profileId: pid(1), reason: 'expired', closedAt: now.toISOString() },
        },
      ]);
    spec
      .given([created(1)])
      .when({ type: 'ExpireRecruitmentProfile', data: { profileId: pid(1) } })
      .thenNothingHappened();
    const renewed: RecruitmentEvent = {
      type: 'RecruitmentProfileRenewed',
      data: {
        profileId: pid(1),
        reopened: false,
        renewedAt: '2026-04-29T00:00:00.000Z',
        expiresAt: '2026-06-28T00:00:00.000Z',
      },
    };
    spec
      .given([old, renewed])
      .when({ type: 'ExpireRecruitmentProfile', data: { profileId: pid(1) } })
      .thenNothingHappened();
  });

  it('deletes once, by owner or admin, and then treats the profile as gone', () => {
    spec
      .given([created(1)])
      .when({ type: 'DeleteRecruitmentProfile', data: { profileId: pid(1), by: 'admin' } })
      .then([
        {
          type: 'RecruitmentProfileDeleted',
          data: { profileId: pid(1), by: 'admin', deletedAt: now.toISOString() },
        },
      ]);
    const deleted: RecruitmentEvent = {
      type: 'RecruitmentProfileDeleted',
      data: { profileId: pid(1), by: 'owner', deletedAt: '2026-05-05T00:00:00.000Z' },
    };
    spec
      .given([created(1), deleted])
      .when({ type: 'DeleteRecruitmentProfile', data: { profileId: pid(1), by: 'owner' } })
      .thenNothingHappened();
    spec
      .given([created(1), deleted])
      .when({ type: 'RenewRecruitmentProfile', data: { profileId: pid(1) } })
      .thenThrows({ kind: 'not_found' });
    // A deleted profile does not count against the three open ones.
    spec
      .given([created(1), created(2), created(3), deleted])
      .when(createDriver(4))
      .then([expect.objectContaining({ type: 'RecruitmentProfileCreated' }) as RecruitmentEvent]);
  });
});
