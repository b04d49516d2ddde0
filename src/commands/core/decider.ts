/**
 * The shape of an aggregate's write model (the Decider pattern).
 *
 *  - `evolve(state, event)` folds one past event into the state; pure, total (it never throws).
 *  - `decide(command, state, context)` turns a command into the events that should happen, or
 *    throws a DomainError; pure: the clock and new ids come in through `context`, never from
 *    `new Date()` or `randomUUID()` inside domain code. Returning [] means "nothing to do"
 *    (an idempotent repeat), and the handler then appends nothing.
 */

/** An event as the domain sees it: a past-tense type and its payload. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** A command: an imperative type and its payload (already validated at the boundary). */
export interface DomainCommand<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** What a decision may depend on besides command and state. Injected so tests are deterministic. */
export interface DecideContext {
  readonly now: Date;
  readonly newId: () => string;
}

export interface Decider<State, Command extends DomainCommand, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State, context: DecideContext): Event[];
}

/** Folds events into a state from the decider's initial state. */
export function foldEvents<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, DomainCommand, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}
