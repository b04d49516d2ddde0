import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { dtoTypesFile, dtoTypesSource } from './generate-dto-types.ts';
import { pageTypesFile, pageTypesSource } from './generate-page-types.ts';
import { routesFile, routesSource } from './generate-routes.ts';

// CI's drift check: the committed generated files are exactly what the generators produce now.
describe('generated files are up to date (run `npm run generate` when this fails)', () => {
  it('web/generated/pages.ts matches web/pages', async () => {
    expect(await readFile(pageTypesFile, 'utf8')).toBe(await pageTypesSource());
  });

  it('web/generated/routes.ts matches the route table', async () => {
    expect(await readFile(routesFile, 'utf8')).toBe(routesSource());
  });

  it('web/generated/dtos.ts matches the server DTOs', async () => {
    expect(await readFile(dtoTypesFile, 'utf8')).toBe(await dtoTypesSource());
  });
});
