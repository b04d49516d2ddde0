import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { checkLogoImage } from '../files/inspect.ts';
import { demoTeamLogo, logoLetters, TEAM_LOGO_SIZE } from './team-logo.ts';
import { demoTeams } from './teams.ts';

describe('demo team logos', () => {
  it('are the same bytes on every run and differ between teams', () => {
    const first = demoTeams.map((t) => demoTeamLogo(t).toString('base64'));
    expect(demoTeams.map((t) => demoTeamLogo(t).toString('base64'))).toEqual(first);
    expect(new Set(first).size).toBe(demoTeams.length);
  });

  it('are real 96×96 PNGs that the logo upload check accepts, opaque inside, transparent in the corners', async () => {
    const bytes = demoTeamLogo(demoTeams[0]!);
    expect(await checkLogoImage(bytes)).toEqual({
      ok: true,
      mediaType: 'image/png',
      extension: 'png',
    });
    const png = PNG.sync.read(bytes);
    expect([png.width, png.height]).toEqual([TEAM_LOGO_SIZE, TEAM_LOGO_SIZE]);
    const alpha = (x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];
    expect([alpha(0, 0), alpha(TEAM_LOGO_SIZE - 1, TEAM_LOGO_SIZE - 1)]).toEqual([0, 0]);
    expect(alpha(TEAM_LOGO_SIZE / 2, TEAM_LOGO_SIZE / 2)).toBe(255);
  });

  it('letter the tag, else the initials of the name, keeping only drawable characters', () => {
    expect(logoLetters('Apex Predators Racing', 'APX')).toBe('APX');
    expect(logoLetters('Nürburgring night crew', null)).toBe('NNC');
    expect(logoLetters('x', 'a-b?c9z')).toBe('ABC');
  });
});
