// A Server-Sent Events reader for streams EventSource cannot open: it cannot send the bearer
// token a job's event stream needs. Follows the HTML spec's parsing rules for the fields we
// use: `event`, `data` (multi-line, joined with \n), `id`, comments, CR/LF/CRLF endings.

export interface ServerSentEvent {
  /** The `event:` field; "message" when absent. */
  readonly event: string;
  readonly data: string;
  /** The last `id:` the stream sent, this event's or an earlier one's (the HTML spec's rule). */
  readonly lastEventId: string | null;
}

/** Yields each event of a `text/event-stream` body as it arrives. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastEventId: string | null = null;
  let pendingCR = false;

  function* takeLines(): Generator<string> {
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const char = buffer[i];
      if (char === '\n' && pendingCR && i === start) {
        // The LF of a CRLF split across two chunks.
        pendingCR = false;
        start = i + 1;
        continue;
      }
      pendingCR = false;
      if (char === '\r' || char === '\n') {
        yield buffer.slice(start, i);
        if (char === '\r') {
          if (buffer[i + 1] === '\n') i++;
          else if (i + 1 === buffer.length) pendingCR = true;
        }
        start = i + 1;
      }
    }
    buffer = buffer.slice(start);
  }

  function* dispatch(line: string): Generator<ServerSentEvent> {
    if (line === '') {
      if (data.length > 0) yield { event: event || 'message', data: data.join('\n'), lastEventId };
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
  }

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (const line of takeLines()) yield* dispatch(line);
    }
    buffer += decoder.decode();
    // Per spec an unterminated last event is dropped; only complete lines count.
    for (const line of takeLines()) yield* dispatch(line);
  } finally {
    // Stops the download when the consumer leaves early (navigation, abort).
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
