import { describe, expect, it } from 'vitest';
import type { TeamCreated, TeamEvent } from '../../events/team.ts';
import { deciderSpecification } from '../core/testing.ts';
import { teamDecider } from './decider.ts';
import { teamSlugDecider } from './slug-decider.ts';

const now = new Date('2026-03-01T10:00:00.000Z');
const spec = deciderSpecification(teamDecider, { now });
const teamId = '00000000-0000-4000-8000-0000000000aa';

const fields = {
  teamId,
  name: 'Apex Racing',
  slug: 'apex-racing',
  tag: 'APX',
  description: 'Endurance team.',
  links: [{ label: 'Website', url: 'https://apex.example' }],
  memberCustIds: [101, 102],
  logo: null,
};

// Recorded before teams had logos: no `logo` field (read as none).
const { logo: _noLogo, ...fieldsWithoutLogo } = fields;
const created: TeamCreated = {
  type: 'TeamCreated',
  data: { ...fieldsWithoutLogo, createdAt: '2026-02-01T10:00:00.000Z' },
};

describe('team decider', () => {
  it('creates a team from valid input, normalising the tag', () => {
    spec
      .given([])
      .when({ type: 'CreateTeam', data: { ...fields, tag: 'apx' } })
      .then([{ type: 'TeamCreated', data: { ...fields, createdAt: now.toISOString() } }]);
  });

  it('refuses a second create of the same id', () => {
    spec
      .given([created])
      .when({ type: 'CreateTeam', data: fields })
      .thenThrows({ kind: 'conflict', code: 'team_exists' });
  });

  it.each([
    ['a one-letter name', { name: 'A' }, 'name'],
    ['a slug with capitals', { slug: 'Apex' }, 'slug'],
    ['a tag with a space', { tag: 'A X' }, 'tag'],
    ['a javascript: link', { links: [{ label: 'x', url: 'javascript:alert(1)' }] }, 'links.0.url'],
    ['a driver listed twice', { memberCustIds: [1, 1] }, 'memberCustIds'],
    ['a negative customer id', { memberCustIds: [-4] }, 'memberCustIds.0'],
  ])('refuses %s with a field error', (_label, override, field) => {
    const err = spec
      .given([])
      .when({ type: 'CreateTeam', data: { ...fields, ...override } })
      .thenThrows({ kind: 'validation', code: 'invalid_input' });
    expect(Object.keys(err.fieldErrors)).toContain(field);
  });

  it('records only the changed fields, and the previous slug on a slug change', () => {
    const state = spec
      .given([created])
      .when({
        type: 'UpdateTeam',
        data: { teamId, name: 'Apex Racing', slug: 'apex-esports', memberCustIds: [102, 101] },
      })
      .then([
        {
          type: 'TeamUpdated',
          data: {
            teamId,
            changes: { slug: 'apex-esports', memberCustIds: [102, 101] },
            previousSlug: 'apex-racing',
            updatedAt: now.toISOString(),
          },
        },
      ]);
    expect(state).toMatchObject({ slug: 'apex-esports', formerSlugs: ['apex-racing'] });
  });

  it('forgets a former slug that becomes current again', () => {
    const renamed: TeamEvent = {
      type: 'TeamUpdated',
      data: {
        teamId,
        changes: { slug: 'apex-esports' },
        previousSlug: 'apex-racing',
        updatedAt: now.toISOString(),
      },
    };
    const state = spec
      .given([created, renamed])
      .when({ type: 'UpdateTeam', data: { teamId, slug: 'apex-racing' } })
      .then([
        {
          type: 'TeamUpdated',
          data: {
            teamId,
            changes: { slug: 'apex-racing' },
            previousSlug: 'apex-esports',
            updatedAt: now.toISOString(),
          },
        },
      ]);
    expect(state).toMatchObject({ slug: 'apex-racing', formerSlugs: ['apex-esports'] });
  });

  it('does nothing when no field differs, and clears a tag with an empty value', () => {
    spec
      .given([created])
      .when({ type: 'UpdateTeam', data: { teamId, name: 'Apex Racing', tag: 'APX' } })
      .thenNothingHappened();
    spec
      .given([created])
      .when({ type: 'UpdateTeam', data: { teamId, tag: '' } })
      .then([
        {
          type: 'TeamUpdated',
          data: { teamId, changes: { tag: null }, updatedAt: now.toISOString() },
        },
      ]);
  });

  it('sets, replaces and removes the logo; a team created without one has none', () => {
    const logo = {
      fileId: '00000000-0000-4000-8000-0000000000f1',
      fileName: 'apex.png',
      byteSize: 2048,
      sha256: 'a'.repeat(64),
      mediaType: 'image/png' as const,
    };
    const withLogo: TeamEvent = {
      type: 'TeamUpdated',
      data: { teamId, changes: { logo }, updatedAt: now.toISOString() },
    };
    const state = spec
      .given([created])
      .when({ type: 'UpdateTeam', data: { teamId, logo } })
      .then([withLogo]);
    expect(state).toMatchObject({ logo });
    spec
      .given([created, withLogo])
      .when({ type: 'UpdateTeam', data: { teamId, logo } })
      .thenNothingHappened();
    const removed = spec
      .given([created, withLogo])
      .when({ type: 'UpdateTeam', data: { teamId, logo: null } })
      .then([
        {
          type: 'TeamUpdated',
          data: { teamId, changes: { logo: null }, updatedAt: now.toISOString() },
        },
      ]);
    expect(removed).toMatchObject({ logo: null });
    spec
      .given([created])
      .when({ type: 'UpdateTeam', data: { teamId, logo: null } })
      .thenNothingHappened();
    const err = spec
      .given([created])
      .when({
        type: 'UpdateTeam',
        data: { teamId, logo: { ...logo, mediaType: 'image/svg+xml' as never } },
      })
      .thenThrows({ kind: 'validation', code: 'invalid_input' });
    expect(Object.keys(err.fieldErrors)).toContain('logo.mediaType');
  });

  it('deletes a team once; a deleted team cannot be updated', () => {
    const deleted: TeamEvent = {
      type: 'TeamDeleted',
      data: { teamId, deletedAt: now.toISOString() },
    };
    spec.given([created]).when({ type: 'DeleteTeam', data: { teamId } }).then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'DeleteTeam', data: { teamId } })
      .thenNothingHappened();
    spec
      .given([created, deleted])
      .when({ type: 'UpdateTeam', data: { teamId, name: 'Back again' } })
      .thenThrows({ kind: 'not_found', code: 'team_not_found' });
    spec
      .given([])
      .when({ type: 'DeleteTeam', data: { teamId } })
      .thenThrows({ kind: 'not_found', code: 'team_not_found' });
  });
});

describe('team slug decider', () => {
  const slugSpec = deciderSpecification(teamSlugDecider);
  const other = '00000000-0000-4000-8000-0000000000bb';
  const reserved = { type: 'TeamSlugReserved' as const, data: { slug: 'apex', teamId } };

  it('reserves a free slug, and is a no-op for its owner', () => {
    slugSpec
      .given([])
      .when({ type: 'ReserveTeamSlug', data: { slug: 'apex', teamId } })
      .then([reserved]);
    slugSpec
      .given([reserved])
      .when({ type: 'ReserveTeamSlug', data: { slug: 'apex', teamId } })
      .thenNothingHappened();
  });

  it('refuses a slug another team holds, and ignores a release by a non-owner', () => {
    slugSpec
      .given([reserved])
      .when({ type: 'ReserveTeamSlug', data: { slug: 'apex', teamId: other } })
      .thenThrows({ kind: 'conflict', code: 'slug_taken', fieldErrors: { slug: /already used/ } });
    slugSpec
      .given([reserved])
      .when({ type: 'ReleaseTeamSlug', data: { slug: 'apex', teamId: other } })
      .thenNothingHappened();
  });
});
