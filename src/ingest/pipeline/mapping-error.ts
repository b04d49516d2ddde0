/**
 * A payload that validated against its schema but cannot become a racing event (an unknown
 * category, an event type Pitwall does not model, a value outside the event's range). The ingest
 * records the fact as failed and goes on with the next one; it is never retried (the same
 * payload would fail the same way).
 */
export class IngestMappingError extends Error {
  override readonly name = 'IngestMappingError';
  constructor(
    /** What was being mapped, e.g. "results/get subsession 45243121". */
    readonly subject: string,
    message: string,
    readonly issues: unknown = undefined,
  ) {
    super(`${subject}: ${message}`);
  }
}
