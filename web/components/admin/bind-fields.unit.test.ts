import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { bindFields } from './bind-fields.ts';

describe('bindFields', () => {
  const data = { title: 'Spa recap', body: '', kind: 'race' as 'race' | 'news' };
  const errors = { title: 'Too short.' };

  it("gives each field its name, value and server error, and sends the new value to the form's setter", () => {
    const changes: [string, string][] = [];
    const bind = bindFields(data, errors, (field, value) => changes.push([field, value]));
    const title = bind.field('title');
    expect(title).toMatchObject({ name: 'title', value: 'Spa recap', error: 'Too short.' });
    title.onChange({ target: { value: 'Spa' } } as ChangeEvent<HTMLInputElement>);
    const body = bind.control('body');
    expect(body).toMatchObject({ name: 'body', value: '', error: undefined });
    body.onChange('Close race.');
    bind.control('kind').onChange('news');
    expect(changes).toEqual([
      ['title', 'Spa'],
      ['body', 'Close race.'],
      ['kind', 'news'],
    ]);
  });
});
