import { ChunkInfo, LinkEnvelope } from '../schemas/index.ts';
import type { RecordedExchange } from './exchanges.ts';

/**
 * What a recorded call returned, reassembled the way the client does it: a `{link, expires}`
 * answer is followed to the next exchange; a chunk header (`chunk_info` at the top level or under
 * `data`) is followed by its chunks, concatenated in order. (The quirk of the recordings — a 400
 * whose body is a valid link — is followed too, as the client does.)
 */
export type ResolvedCall =
  | { kind: 'payload'; status: number; payload: unknown }
  | { kind: 'chunked'; header: unknown; rows: unknown[] }
  | { kind: 'error'; status: number; body: unknown }
  | { kind: 'empty' };

export function resolveCall(exchanges: readonly RecordedExchange[]): ResolvedCall {
  const [first, ...rest] = exchanges;
  if (!first) return { kind: 'empty' };
  let payload = first.content;
  let status = first.status;
  let remaining = rest;
  if (LinkEnvelope.safeParse(payload).success && remaining.length > 0) {
    payload = remaining[0]!.content;
    status = remaining[0]!.status;
    remaining = remaining.slice(1);
  } else if (status >= 400) {
    return { kind: 'error', status, body: payload };
  }
  const chunkInfo = chunkInfoOf(payload);
  if (chunkInfo) {
    const wanted = chunkInfo.chunk_file_names?.length ?? chunkInfo.num_chunks;
    const rows = remaining
      .slice(0, wanted)
      .flatMap((ex) => (Array.isArray(ex.content) ? (ex.content as unknown[]) : []));
    return { kind: 'chunked', header: payload, rows };
  }
  return { kind: 'payload', status, payload };
}

function chunkInfoOf(payload: unknown): ChunkInfo | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const top = ChunkInfo.safeParse((payload as { chunk_info?: unknown }).chunk_info);
  if (top.success) return top.data;
  const nested = ChunkInfo.safeParse(
    (payload as { data?: { chunk_info?: unknown } }).data?.chunk_info,
  );
  return nested.success ? nested.data : null;
}
