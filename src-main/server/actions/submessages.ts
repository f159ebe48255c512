import { ApiError } from '../errors';
import { plainNotice } from '../events/notice';
import { accessMessage } from '../queries/messageAccess';
import type { Services } from '../services';
import { hasSubmessageFrom, insertSubmessage, widgetContentOf } from '../store/submessages';
import { userIdsWithMessage } from '../store/userMessages';
import type { UserRow } from '../store/users';
import { applyPolicyOnParticipation } from './automaticTopicPolicies';
import { announceStoredTopicVisibilities } from './topicVisibility';
import { widgetTypeOf } from './widgetCommand';
import { checkPollData, checkTodoData } from './widgetEventChecks';

export interface SubmessageRequest {
  messageId: number;
  msgType: string;
  content: string;
}

function parseContent(content: string): unknown {
  try {
    return JSON.parse(content) as unknown;
  } catch {
    throw new ApiError('Invalid json for submessage');
  }
}

/**
 * Zulip 7.0's process_submessage and do_add_submessage. Whoever may read the
 * message may add to it once its sender has (so nobody else turns a plain
 * message into a widget); what they send a poll or to-do list is checked as
 * Zulip checks it. Zulip tells only those with a row for the message.
 * Adding one is taking part in the topic, for the automatic topic policies
 * of whoever added it (Zulip 12).
 */
export function addSubmessage(services: Services, user: UserRow, request: SubmessageRequest): void {
  const { sql } = services;
  const { submessage, userIds, policies } = sql.transaction(() => {
    const message = accessMessage(sql, user, request.messageId);
    const isAuthor = message.sender_id === user.id;
    if (!isAuthor && !hasSubmessageFrom(sql, message.id, message.sender_id)) {
      throw new ApiError('You cannot attach a submessage to this message.');
    }
    const data = parseContent(request.content);
    const widgetType = widgetTypeOf(widgetContentOf(sql, message.id));
    if (widgetType === 'poll') checkPollData(data, isAuthor);
    if (widgetType === 'todo') checkTodoData(data);
    const added = insertSubmessage(sql, {
      message_id: message.id,
      sender_id: user.id,
      msg_type: request.msgType,
      content: request.content,
    });
    const policies = applyPolicyOnParticipation(services, user, message);
    return { submessage: added, userIds: userIdsWithMessage(sql, message.id), policies };
  });
  announceStoredTopicVisibilities(services, policies);
  const payload = {
    msg_type: submessage.msg_type,
    message_id: submessage.message_id,
    submessage_id: submessage.id,
    sender_id: submessage.sender_id,
    content: submessage.content,
  };
  services.queues.notify(plainNotice('submessage', payload), userIds);
}
