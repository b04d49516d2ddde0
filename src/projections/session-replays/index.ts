export { sessionReplaysProjection } from './projection.ts';
export {
  SESSION_REPLAYS_TABLE,
  type SessionReplayRow,
  type SessionReplayStatus,
} from './tables.ts';
