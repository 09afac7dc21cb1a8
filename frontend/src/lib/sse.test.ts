import { describe, expect, it } from 'vitest';

import { bodyOf } from '@/testing/sse';

import { readEvents, type ServerSentEvent } from './sse';

const encoder = new TextEncoder();

async function collect(stream: ReadableStream<Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readEvents(stream)) events.push(event);
  return events;
}

describe('readEvents', () => {
  it('reads the gateway’s queued, progress and done events in order', async () => {
    const events = await collect(
      bodyOf(
        'event: queued\ndata: {"position":2}\n\n',
        'event: progress\ndata: {"fraction":0.4,"etaSeconds":3}\n\n',
        'event: done\ndata: {"generations":[]}\n\n',
      ),
    );
    expect(events).toEqual([
      { event: 'queued', data: '{"position":2}', lastEventId: null },
      { event: 'progress', data: '{"fraction":0.4,"etaSeconds":3}', lastEventId: null },
      { event: 'done', data: '{"generations":[]}', lastEventId: null },
    ]);
  });

  it('joins events split anywhere across chunks, including inside a field name', async () => {
    const events = await collect(bodyOf('eve', 'nt: que', 'ued\nda', 'ta: {"posi', 'tion":1}\n', '\n'));
    expect(events).toEqual([{ event: 'queued', data: '{"position":1}', lastEventId: null }]);
  });

  it('decodes a multi-byte character split between two chunks', async () => {
    const bytes = encoder.encode('event: error\ndata: {"message":"Réessayez"}\n\n');
    const split = bytes.indexOf(0xc3) + 1; // between the two bytes of "é"
    const events = await collect(bodyOf(bytes.slice(0, split), bytes.slice(split)));
    expect(events).toEqual([{ event: 'error', data: '{"message":"Réessayez"}', lastEventId: null }]);
  });

  it('accepts CRLF and CR line endings, even with CRLF split across chunks', async () => {
    const events = await collect(bodyOf('event: a\r\ndata: 1\r', '\n\r\n', 'event: b\rdata: 2\r\r'));
    expect(events).toEqual([
      { event: 'a', data: '1', lastEventId: null },
      { event: 'b', data: '2', lastEventId: null },
    ]);
  });

  it('joins multi-line data with newlines and ignores comments and unknown fields', async () => {
    const events = await collect(bodyOf(': keep-alive\n\nretry: 100\ndata: line one\ndata:line two\n\n'));
    expect(events).toEqual([{ event: 'message', data: 'line one\nline two', lastEventId: null }]);
  });

  it('carries the last id: seen, also to later events that have none (the resume cursor)', async () => {
    const events = await collect(
      bodyOf('event: queued\ndata: {}\n\n', 'event: progress\ndata: {}\nid: 17-0\n\n', 'event: queued\ndata: {}\n\n'),
    );
    expect(events.map((event) => event.lastEventId)).toEqual([null, '17-0', '17-0']);
  });

  it('drops an event that the stream cut off before its blank line', async () => {
    const events = await collect(bodyOf('event: queued\ndata: {"position":1}\n\nevent: done\ndata: {"generations"'));
    expect(events).toEqual([{ event: 'queued', data: '{"position":1}', lastEventId: null }]);
  });

  it('forgets the event name after each event', async () => {
    const events = await collect(bodyOf('event: progress\ndata: 1\n\ndata: 2\n\n'));
    expect(events.map((event) => event.event)).toEqual(['progress', 'message']);
  });
});
