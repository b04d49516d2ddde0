import { expect } from 'vitest';
import type { DecideContext, Decider, DomainCommand, DomainEvent } from './decider.ts';
import { DomainError, type DomainErrorKind } from './errors.ts';

/**
 * Given/when/then for deciders (test code only):
 *
 *   const spec = deciderSpecification(articleDecider, { now: new Date('2025-03-01T10:00:00Z') });
 *   spec.given([created]).when(publish).then([published]);
 *   spec.given([created, published]).when(publish).thenNothingHappened();
 *   spec.given([]).when(publish).thenThrows({ kind: 'not_found', code: 'article_not_found' });
 *
 * `given` events are folded with `evolve`, `when` runs `decide`; `then` compares the decided
 * events deeply and also folds them, so an `evolve` that throws on its own output fails the test.
 */
export interface DomainErrorExpectation {
  kind?: DomainErrorKind;
  code?: string;
  fieldErrors?: Record<string, string | RegExp>;
}

export function deciderSpecification<
  State,
  Command extends DomainCommand,
  Event extends DomainEvent,
>(decider: Decider<State, Command, Event>, context: Partial<DecideContext> = {}) {
  const ctx: DecideContext = {
    now: context.now ?? new Date('2025-01-01T00:00:00.000Z'),
    newId: context.newId ?? sequentialIds(),
  };
  return {
    given(givenEvents: readonly Event[] = []) {
      const state = givenEvents.reduce((s, e) => decider.evolve(s, e), decider.initialState());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state, ctx);
          return {
            then(expected: readonly Event[]): State {
              const decided = run();
              expect(decided).toEqual(expected);
              return decided.reduce((s, e) => decider.evolve(s, e), state);
            },
            thenNothingHappened(): void {
              expect(run()).toEqual([]);
            },
            thenThrows(expectation: DomainErrorExpectation = {}): DomainError {
              let thrown: unknown;
              try {
                run();
              } catch (err) {
                thrown = err;
              }
              expect(thrown, 'decide should have thrown a DomainError').toBeInstanceOf(DomainError);
              const err = thrown as DomainError;
              if (expectation.kind) expect(err.kind).toBe(expectation.kind);
              if (expectation.code) expect(err.code).toBe(expectation.code);
              for (const [field, message] of Object.entries(expectation.fieldErrors ?? {})) {
                if (message instanceof RegExp) expect(err.fieldErrors[field]).toMatch(message);
                else expect(err.fieldErrors[field]).toBe(message);
              }
              return err;
            },
          };
        },
      };
    },
  };
}

/** Deterministic ids: "00000000-0000-4000-8000-000000000001", …002, … */
export function sequentialIds(): () => string {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
}
