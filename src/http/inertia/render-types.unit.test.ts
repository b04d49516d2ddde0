import { describe, expect, it } from 'vitest';
import type { Inertia } from './inertia.ts';
import { defer, optional } from './props.ts';
import { resolvePageProps } from './resolve.ts';
import { emptyPageRequest } from './page.ts';

// Compile-time checks (npm run typecheck fails if one of the @ts-expect-error lines compiles):
// render() is typed by web/generated/pages.ts, generated from each page's exported Props.
export function renderIsTyped(inertia: Inertia): void {
  void inertia.render('Public/ComingSoon', { area: 'Drivers', title: 'Drivers' });
  void inertia.render('Public/ComingSoon', {
    area: 'Drivers',
    title: optional(() => 'lazy title'),
  });
  void inertia.render('Public/ServerError', {});
  // @ts-expect-error a required prop is missing
  void inertia.render('Public/ComingSoon', { area: 'Drivers' });
  // @ts-expect-error a prop has the wrong type
  void inertia.render('Public/ComingSoon', { area: 1, title: 'x' });
  // @ts-expect-error a wrapped prop has the wrong type
  void inertia.render('Public/ComingSoon', { area: 'x', title: defer(() => 42) });
  // @ts-expect-error an unknown prop
  void inertia.render('Public/NotFound', { extra: true });
  // @ts-expect-error an unknown page
  void inertia.render('Public/Nope', {});
}

describe('resolvePageProps (pure)', () => {
  it('puts errors last and keeps declaration order whatever order resolvers finish in', async () => {
    const slow = () => new Promise<string>((r) => setTimeout(() => r('slow'), 5));
    const { props } = await resolvePageProps({
      component: 'X',
      shared: { appName: 'P' },
      props: { a: slow, b: 'fast' },
      errors: {},
      request: emptyPageRequest,
      now: 0,
    });
    expect(Object.keys(props)).toEqual(['appName', 'a', 'b', 'errors']);
  });

  it('computes once-prop expiry from the injected clock', async () => {
    const { onceProps } = await resolvePageProps({
      component: 'X',
      shared: {},
      props: {
        rel: optional(() => 1).once({ expiresIn: 5000 }),
        abs: optional(() => 1).once({ expiresAt: new Date(42), key: 'absKey' }),
      },
      errors: {},
      request: emptyPageRequest,
      now: 1_000_000,
    });
    expect(onceProps).toEqual({
      rel: { prop: 'rel', expiresAt: 1_005_000 },
      absKey: { prop: 'abs', expiresAt: 42 },
    });
  });
});
