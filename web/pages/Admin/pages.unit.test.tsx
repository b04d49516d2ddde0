import { describe, expect, it } from 'vitest';
import { renderPage, tagWith, type RenderPageOptions } from '../../layouts/render-for-test.tsx';
import CreateArticle from './Articles/Create.tsx';
import EditArticle from './Articles/Edit.tsx';
import CreateGear from './Gears/Create.tsx';
import EditGear from './Gears/Edit.tsx';
import CreatePro from './Pros/Create.tsx';
import EditPro from './Pros/Edit.tsx';
import CreateSetup from './Setups/Create.tsx';
import EditSetup from './Setups/Edit.tsx';
import CreateTeam from './Teams/Create.tsx';
import EditTeam from './Teams/Edit.tsx';

/**
 * The admin create and edit pages server-render with realistic props: each form with its fields
 * filled from the record, its submit row, the way back, and (edit) the delete card.
 */
const id = '00000000-0000-4000-8000-0000000000a1';
const articleLimits = { titleMin: 3, titleMax: 140, slugMax: 80, excerptMax: 300, bodyMax: 50000 };
const teamLimits = {
  nameMin: 2,
  nameMax: 60,
  slugMax: 60,
  tagMin: 2,
  tagMax: 5,
  descriptionMax: 4000,
  linksMax: 10,
  membersMax: 50,
  logoMaxBytes: 512 * 1024,
};
const gearLimits = { brandMax: 60, modelMax: 80, descriptionMax: 2000, priceMax: 100000 };
const proLimits = {
  nameMin: 2,
  nameMax: 80,
  backgroundMax: 120,
  teamMax: 80,
  bioMax: 20000,
  linksMax: 10,
  gearMax: 12,
};
const setupLimits = { conditionsMax: 120, notesMax: 2000, authorMax: 60, fileMaxBytes: 1048576 };
const gearChoices = [
  { id: 'g1', type: 'wheel_base' as const, brand: 'Simucube', model: '2 Pro' },
  { id: 'g2', type: 'pedals' as const, brand: 'Heusinkveld', model: 'Sprint' },
];
const setupOptions = {
  cars: [{ value: '1', label: 'Porsche 911 GT3 R' }],
  tracks: [{ value: '2', label: 'Spa - Grand Prix' }],
  series: [{ value: '3', label: 'GT3 Fanatec Challenge' }],
  seasons: [{ value: '4', label: '2026 Season 4', seriesId: 3 }],
};

interface AdminPageCase {
  component: string;
  Component: RenderPageOptions['Component'];
  url: string;
  props: Record<string, unknown>;
}

const pages: AdminPageCase[] = [
  {
    component: 'Admin/Articles/Create',
    Component: CreateArticle,
    url: '/admin/articles/create',
    props: { limits: articleLimits },
  },
  {
    component: 'Admin/Articles/Edit',
    Component: EditArticle,
    url: `/admin/articles/${id}`,
    props: {
      limits: articleLimits,
      article: {
        id,
        title: 'Season 4 week 1 recap',
        slug: 'season-4-week-1-recap',
        excerpt: 'Who won what.',
        bodyMarkdown: '## Spa\n\nA close one.',
        status: 'published',
        revision: '3',
        publishedAt: '2026-11-01T10:00:00.000Z',
        createdAt: '2026-10-31T10:00:00.000Z',
        updatedAt: '2026-11-02T10:00:00.000Z',
        previewHtml: '<h2>Spa</h2><p>A close one.</p>',
      },
    },
  },
  {
    component: 'Admin/Teams/Create',
    Component: CreateTeam,
    url: '/admin/teams/create',
    props: { limits: teamLimits },
  },
  {
    component: 'Admin/Teams/Edit',
    Component: EditTeam,
    url: `/admin/teams/${id}`,
    props: {
      limits: teamLimits,
      team: {
        id,
        name: 'Apex Predators Racing',
        slug: 'apex-predators-racing',
        tag: 'APX',
        description: 'Endurance team.',
        links: 'https://apex.example',
        members: '1000\n1001',
        formerSlugs: ['apex', 'apex-racing'],
        revision: '7',
      },
      logo: { url: '/teams/apex-predators-racing/logo', fileName: 'apex.png', byteSize: 20480 },
    },
  },
  {
    component: 'Admin/Gears/Create',
    Component: CreateGear,
    url: '/admin/gears/create',
    props: { limits: gearLimits, types: ['wheel_base', 'pedals'] },
  },
  {
    component: 'Admin/Gears/Edit',
    Component: EditGear,
    url: `/admin/gears/${id}`,
    props: {
      limits: gearLimits,
      types: ['wheel_base', 'pedals'],
      item: {
        id,
        revision: '2',
        type: 'pedals',
        brand: 'Heusinkveld',
        model: 'Sprint',
        description: 'Load-cell pedals.',
        priceMinUsd: '700',
        priceMaxUsd: '900',
        url: 'https://heusinkveld.example',
      },
    },
  },
  {
    component: 'Admin/Pros/Create',
    Component: CreatePro,
    url: '/admin/pros/create',
    props: { limits: proLimits, gear: gearChoices },
  },
  {
    component: 'Admin/Pros/Edit',
    Component: EditPro,
    url: `/admin/pros/${id}`,
    props: {
      limits: proLimits,
      gear: gearChoices,
      pro: {
        id,
        revision: '4',
        name: 'Max Pro',
        custId: '1000',
        countryCode: 'DE',
        background: 'Le Mans class winner',
        teamName: 'Apex Predators Racing',
        bioMarkdown: 'Fast.',
        links: 'https://max.example',
        gearIds: ['g2'],
      },
    },
  },
  {
    component: 'Admin/Setups/Create',
    Component: CreateSetup,
    url: '/admin/setups/create',
    props: { limits: setupLimits, types: ['race', 'qualifying'], options: setupOptions },
  },
  {
    component: 'Admin/Setups/Edit',
    Component: EditSetup,
    url: `/admin/setups/${id}`,
    props: {
      limits: setupLimits,
      types: ['race', 'qualifying'],
      options: setupOptions,
      setup: {
        id,
        revision: '5',
        carId: '1',
        trackId: '2',
        seriesId: '3',
        seasonId: '4',
        type: 'race',
        lapTime: '2:17.456',
        conditions: 'Dry, 22 °C',
        notes: 'Safe for the race.',
        author: 'Max Pro',
      },
      file: { fileId: 'f1', fileName: 'spa-race.sto', byteSize: 4096, sha256: 'ab' },
    },
  },
];

const admin = { id: 'u1', displayName: 'Ada Admin', role: 'admin' as const };

async function render(component: string): Promise<string> {
  const page = pages.find((p) => p.component === component);
  if (!page) throw new Error(`no fixture for ${component}`);
  return renderPage({ ...page, user: admin });
}

/** The text between an element's opening tag (found by `data-test`) and the next tag. */
const textAfter = (html: string, testId: string) =>
  new RegExp(`data-test="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;

describe('admin create pages', () => {
  it.each([
    ['Admin/Articles/Create', 'article', '/admin/articles', 'Create draft'],
    ['Admin/Teams/Create', 'team', '/admin/teams', 'Create team'],
    ['Admin/Gears/Create', 'gear', '/admin/gears', 'Add item'],
    ['Admin/Pros/Create', 'pro', '/admin/pros', 'Add driver'],
    ['Admin/Setups/Create', 'setup', '/admin/setups', 'Add setup'],
  ])(
    '%s: an empty form, its submit button and Cancel back to the list',
    async (c, name, back, label) => {
      const html = await render(c);
      expect(tagWith(html, `${name}-form`)).toContain('noValidate');
      expect(textAfter(html, `${name}-submit`)).toBe(label);
      expect(html).toContain(`href="${back}">Cancel</a>`);
      expect(tagWith(html, 'form-saved')).toBeNull();
      expect(html).not.toContain('name="expectedRevision"');
    },
  );

  it('offers the team logo upload with its size limit', async () => {
    const html = await render('Admin/Teams/Create');
    expect(tagWith(html, 'field-logo')).toContain('accept="image/png,image/jpeg,image/webp"');
    expect(html).toContain('at most 512 KiB.');
    expect(tagWith(html, 'field-slug')).toContain('value=""');
  });
});

describe('admin edit pages', () => {
  it.each([
    ['Admin/Teams/Edit', 'team', 'Save team', 'delete-team', 'Delete team…'],
    ['Admin/Gears/Edit', 'gear', 'Save item', 'delete-gear', 'Remove item…'],
    ['Admin/Pros/Edit', 'pro', 'Save driver', 'delete-pro', 'Remove driver…'],
    ['Admin/Setups/Edit', 'setup', 'Save setup', 'delete-setup', 'Remove setup…'],
  ])('%s: the form, its save button and the delete card', async (c, name, save, del, delLabel) => {
    const html = await render(c);
    expect(tagWith(html, `${name}-form`)).not.toBeNull();
    expect(textAfter(html, `${name}-submit`)).toBe(save);
    expect(textAfter(html, del)).toBe(delLabel);
    expect(tagWith(html, 'load-current')).toBeNull();
    expect(tagWith(html, 'form-error')).toBeNull();
  });

  it('fills the team form from the team, with its revision, old addresses and logo', async () => {
    const html = await render('Admin/Teams/Edit');
    expect(html).toContain('<input type="hidden" name="expectedRevision" value="7"/>');
    expect(tagWith(html, 'field-name')).toContain('value="Apex Predators Racing"');
    expect(tagWith(html, 'field-tag')).toContain('value="APX"');
    expect(textAfter(html, 'field-members')).toBe('1000\n1001');
    expect(html).toMatch(
      /data-test="former-slugs">Redirects here from.*\/teams\/<!-- -->apex<\/code>.*\/teams\/<!-- -->apex-racing<\/code>/,
    );
    expect(tagWith(html, 'view-team')).toContain('href="/teams/apex-predators-racing"');
    expect(html).toContain('alt="Current logo of Apex Predators Racing"');
    expect(tagWith(html, 'remove-logo')).not.toContain('checked');
    expect(html).toContain('>Replace the logo</label>');
    expect(html).toContain('Removes the team from the site.');
  });

  it('fills the gear, pro and setup forms from their records', async () => {
    const gear = await render('Admin/Gears/Edit');
    expect(tagWith(gear, 'field-brand')).toContain('value="Heusinkveld"');
    expect(gear).toMatch(/<option value="pedals" selected="">/);
    const pro = await render('Admin/Pros/Edit');
    expect(tagWith(pro, 'field-custId')).toContain('value="1000"');
    expect(pro).toContain('name="gearIds" checked="" value="g2"/>');
    expect(pro).toContain('name="gearIds" value="g1"/>');
    const setup = await render('Admin/Setups/Edit');
    expect(tagWith(setup, 'field-lapTime')).toContain('value="2:17.456"');
    expect(setup).toContain('<span class="font-mono">spa-race.sto</span>');
  });

  it('fills the article form and offers unpublishing a published article', async () => {
    const html = await render('Admin/Articles/Edit');
    expect(html).toContain('<input type="hidden" name="expectedRevision" value="3"/>');
    expect(tagWith(html, 'field-title')).toContain('value="Season 4 week 1 recap"');
    expect(textAfter(html, 'article-submit')).toBe('Save');
    expect(textAfter(html, 'unpublish')).toBe('Unpublish');
    expect(tagWith(html, 'status-published')).not.toBeNull();
    expect(tagWith(html, 'view-article')).toContain('href="/news/season-4-week-1-recap"');
  });
});
