import { describe, expect, it } from 'vitest';
import { event, freshCache, streamMessage } from './fixtures';

// A message's submessages in the cache, where its poll or to-do list is
// rebuilt from offline: each `submessage` event added once, in order.

describe('cached submessages', () => {
  const submessage = (id: number, messageId: number, content: string) =>
    event('submessage', {
      message_id: messageId,
      submessage_id: id,
      sender_id: 7,
      msg_type: 'widget',
      content,
    });

  it('adds each submessage event to its message, once, leaving others untouched', () => {
    const cache = freshCache();
    cache.storeMessages([streamMessage(10), streamMessage(11)]);
    cache.applyEvents([
      submessage(1, 10, '{"widget_type": "todo", "extra_data": null}'),
      submessage(2, 10, '{"type":"strike","key":"1,7"}'),
      submessage(2, 10, '{"type":"strike","key":"1,7"}'),
      submessage(3, 99, '{"type":"strike","key":"1,7"}'),
    ]);
    const [ten, eleven] = cache.messagesAmong({ kind: 'all' }, [10, 11]);
    expect(ten?.submessages).toEqual([
      {
        id: 1,
        message_id: 10,
        sender_id: 7,
        msg_type: 'widget',
        content: '{"widget_type": "todo", "extra_data": null}',
      },
      {
        id: 2,
        message_id: 10,
        sender_id: 7,
        msg_type: 'widget',
        content: '{"type":"strike","key":"1,7"}',
      },
    ]);
    expect(eleven?.submessages).toEqual([]);
  });
});
