import { choiceParam } from './choiceParam';

/** An optional topics_policy parameter taking one of `values`. */
export const topicsPolicyParam = choiceParam;
