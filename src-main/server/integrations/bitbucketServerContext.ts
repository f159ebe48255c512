import type { Payload } from './payload';

// What Bitbucket Server's payloads share.

export interface ServerMessage {
  topic: string;
  content: string;
}

export interface ServerContext {
  payload: Payload;
  /** The `branches` URL parameter. */
  branches: string | undefined;
  /** With a topic of their own in the URL, messages name the pull request in full. */
  withTitle: boolean;
}

export type ServerHandler = (context: ServerContext) => ServerMessage[];

/** Bitbucket Server links an item to its web page as the first of its `self` links. */
export const selfUrl = (item: Payload): string => {
  const [first] = item.get('links').get('self').list();
  if (!first) throw item.get('links').get('self').invalid('is empty');
  return first.str('href');
};

/** The actor, linked to their profile. */
export const actorLink = (payload: Payload): string => {
  const actor = payload.get('actor');
  return `[${actor.str('name')}](${selfUrl(actor)})`;
};
