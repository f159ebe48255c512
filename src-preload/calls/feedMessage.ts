import { z } from 'zod';
import { messageSchema } from '../../src-main/wire';
import { reactionChipSchema } from './reactionCalls';
import { messageWidgetSchema } from './widgetCalls';

// A message as the window gets it: the wire's, with its reactions shaped into
// chips by main (names, counts, whether the viewer reacted), and its poll or
// to-do list as its submessages leave it.
export const feedMessageSchema = messageSchema.extend({
  reactionChips: z.array(reactionChipSchema).optional(),
  widget: messageWidgetSchema.optional(),
});
export type Message = z.infer<typeof feedMessageSchema>;
