import { describe, it } from 'vitest';
import type { ArticleSlugReleased, ArticleSlugReserved } from '../../events/article.ts';
import { deciderSpecification } from '../core/testing.ts';
import { articleSlugDecider } from './slug-decider.ts';

const spec = deciderSpecification(articleSlugDecider);
const slug = 'new-car-announced';
const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';
const reservedByA: ArticleSlugReserved = {
  type: 'ArticleSlugReserved',
  data: { slug, articleId: a },
};
const releasedByA: ArticleSlugReleased = {
  type: 'ArticleSlugReleased',
  data: { slug, articleId: a },
};

describe('article slug reservation', () => {
  it('reserves a slug nobody holds', () => {
    spec
      .given([])
      .when({ type: 'ReserveArticleSlug', data: { slug, articleId: a } })
      .then([reservedByA]);
  });

  it('is a no-op when the owner reserves again', () => {
    spec
      .given([reservedByA])
      .when({ type: 'ReserveArticleSlug', data: { slug, articleId: a } })
      .thenNothingHappened();
  });

  it('refuses a slug another article holds, as a slug field error', () => {
    spec
      .given([reservedByA])
      .when({ type: 'ReserveArticleSlug', data: { slug, articleId: b } })
      .thenThrows({ kind: 'conflict', code: 'slug_taken', fieldErrors: { slug: /already used/ } });
  });

  it('hands a released slug to the next article', () => {
    spec
      .given([reservedByA, releasedByA])
      .when({ type: 'ReserveArticleSlug', data: { slug, articleId: b } })
      .then([{ type: 'ArticleSlugReserved', data: { slug, articleId: b } }]);
  });

  it('lets only the owner release', () => {
    spec
      .given([reservedByA])
      .when({ type: 'ReleaseArticleSlug', data: { slug, articleId: b } })
      .thenNothingHappened();
    spec
      .given([reservedByA])
      .when({ type: 'ReleaseArticleSlug', data: { slug, articleId: a } })
      .then([releasedByA]);
  });
});
