import { describe, expect, it } from 'vitest';
import { renderPage, tagWith } from '../../layouts/render-for-test.tsx';
import RecruitmentCreate from './Create.tsx';
import RecruitmentEdit from './Edit.tsx';
import RecruitmentIndex from './Index.tsx';
import RecruitmentMine from './Mine.tsx';
import RecruitmentShow from './Show.tsx';
import type {
  FormLimits,
  FormOptions,
  ProfileCard,
  ProfileDetail,
  ProfileFormFields,
} from './types.ts';

/** The recruitment pages server-render with realistic props (what a first visit gets). */
const member = { id: 'u1', displayName: 'Max Member', role: 'member' as const };
const limits: FormLimits = {
  titleMin: 5,
  titleMax: 100,
  descriptionMin: 20,
  descriptionMax: 4000,
  seriesMax: 20,
  languagesMax: 5,
  contactMax: 200,
  iRatingMax: 15000,
  openProfilesMax: 3,
  openDays: 60,
};
const options: FormOptions = {
  timeZones: ['UTC', 'Europe/Berlin'],
  languages: [{ value: 'en', label: 'English' }],
  series: [{ value: 228, label: 'GT3 Fanatec Challenge' }],
  teams: [{ value: '00000000-0000-4000-8000-000000000001', label: 'Apex Predators Racing' }],
};
const card: ProfileCard = {
  id: '00000000-0000-4000-8000-0000000000aa',
  kind: 'driver',
  status: 'open',
  title: 'GT3 driver for endurance',
  excerpt: 'Consistent GT3 driver.',
  categories: ['sports_car'],
  series: [{ id: 228, name: 'GT3 Fanatec Challenge' }],
  availability: { timeZone: 'Europe/Berlin', days: ['sat', 'sun'], format: 'endurance' },
  languages: ['en', 'de'],
  requirements: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-12-31T10:00:00.000Z',
  closeReason: null,
  stats: {
    kind: 'driver',
    driver: {
      custId: 1000,
      displayName: 'Driver 1000',
      countryCode: 'DE',
      licenses: [
        {
          category: 'sports_car',
          irating: 2010,
          safetyRating: 3.1,
          licenseLevel: 15,
          licenseClass: 'B',
          licence: 'B 3.10',
          ttRating: null,
        },
      ],
      recentForm: [
        {
          subsessionId: 77,
          startTime: '2026-11-20T19:00:00.000Z',
          seriesName: 'GT3 Fanatec Challenge',
          category: 'sports_car',
          finishPosition: 2,
          fieldSize: 20,
          incidents: 4,
          iratingChange: 35,
        },
      ],
      averageFinish: 2,
      averageIncidents: 4,
      verified: true,
    },
  },
};
const detail: ProfileDetail = {
  ...card,
  descriptionHtml: '<p>Consistent <strong>GT3</strong> driver.</p>',
  updatedAt: card.createdAt,
  hasContact: true,
  contact: null,
  author: 'Jane Racer',
  canEdit: false,
  canDelete: false,
};
const fields: ProfileFormFields = {
  kind: 'team',
  title: 'Team seeks drivers',
  description: 'We race the 24 hours of Spa and Daytona together.',
  categories: ['sports_car'],
  seriesIds: [228],
  timeZone: 'UTC',
  days: ['sat'],
  format: 'both',
  languages: ['en'],
  contact: 'team@example.com',
  custId: '',
  teamId: '',
  requirements: [{ category: 'sports_car', minIRating: '2000', minLicence: 'B' }],
};

describe('recruitment pages', () => {
  it('lists profiles with the live record, filters and the next page', async () => {
    const page = await renderPage({
      component: 'Recruitment/Index',
      Component: () => (
        <RecruitmentIndex
          kind="driver"
          profiles={[card]}
          filters={{
            category: '',
            minIRating: '',
            maxIRating: '',
            licence: '',
            timeZone: '',
            language: '',
            series: '',
            sort: 'newest',
          }}
          nextCursor="abc"
          isFirstPage
          options={options}
          signedIn={false}
        />
      ),
      url: '/recruitment',
    });
    expect(page).toContain('GT3 driver for endurance');
    expect(tagWith(page, 'stat-irating')).not.toBeNull();
    expect(page).toContain('2,010');
    expect(tagWith(page, 'verified')).not.toBeNull();
    expect(tagWith(page, 'page-next')).toContain('cursor=abc');
  });

  it('shows a profile; a guest is asked to sign in for the contact', async () => {
    const page = await renderPage({
      component: 'Recruitment/Show',
      Component: () => <RecruitmentShow profile={detail} signedIn={false} />,
      url: `/recruitment/profiles/${card.id}`,
    });
    expect(page).toContain('<strong>GT3</strong>');
    expect(tagWith(page, 'contact-sign-in')).not.toBeNull();
    expect(tagWith(page, 'edit-profile')).toBeNull();
  });

  it('renders my profiles, the create form and the edit form', async () => {
    const mine = await renderPage({
      component: 'Recruitment/Mine',
      Component: () => <RecruitmentMine profiles={[card]} openCount={1} limits={limits} />,
      url: '/recruitment/mine',
      user: member,
    });
    expect(tagWith(mine, 'edit-link')).not.toBeNull();
    const create = await renderPage({
      component: 'Recruitment/Create',
      Component: () => (
        <RecruitmentCreate options={options} limits={limits} openCount={3} accountCustId={1000} />
      ),
      url: '/recruitment/create',
      user: member,
    });
    expect(create).toContain('Close or delete one before publishing another.');
    expect(tagWith(create, 'field-custId')).toContain('value="1000"');
    const edit = await renderPage({
      component: 'Recruitment/Edit',
      Component: () => (
        <RecruitmentEdit
          profile={{
            id: card.id,
            kind: 'team',
            status: 'open',
            expiresAt: card.expiresAt,
            closeReason: null,
            fields,
          }}
          options={options}
          limits={limits}
        />
      ),
      url: `/recruitment/${card.id}/edit`,
      user: member,
    });
    expect(tagWith(edit, 'requirement-sports_car-irating')).toContain('value="2000"');
    expect(tagWith(edit, 'field-renew')).not.toBeNull();
  });
});
