// Builds `text/event-stream` responses for MSW handlers, in the gateway's format (the
// `StreamEvent` schema): `event:`, one JSON `data:` line, and `id:` (the resume cursor) on every
// event but `queued`.
import { HttpResponse } from 'msw';

import type { StreamEventName, StreamPayloads } from '@/types/api';

export type StreamEvent = {
  [Name in StreamEventName]: { readonly event: Name; readonly data: StreamPayloads[Name]; readonly id?: string };
}[StreamEventName];

const encoder = new TextEncoder();

export function encodeEvent({ event, data, id }: StreamEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n${id === undefined ? '' : `id: ${id}\n`}\n`;
}

const headers = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' };

/** A body delivered in exactly these chunks (text or raw bytes), then ended. */
export function bodyOf(...chunks: readonly (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

/** A stream that sends all `events` at once and ends. */
export function sseResponse(events: readonly StreamEvent[]): HttpResponse<ReadableStream> {
  return new HttpResponse(bodyOf(...events.map(encodeEvent)), { headers });
}

/** A stream the test feeds event by event, to control when the answer arrives. */
export function controlledStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new HttpResponse(body, { headers }),
    send(event: StreamEvent) {
      controller?.enqueue(encoder.encode(encodeEvent(event)));
    },
    /** Ends the stream: a dropped connection when no final event was sent. */
    close() {
      controller?.close();
    },
  };
}
