import { zulip7FeatureLevel } from '../../permissions/rolePolicies';
import { botsApi, type BotsApi } from './bots';
import { emojiApi, type EmojiApi } from './emoji';
import { flagsApi, type FlagsApi } from './flags';
import {
  createHttpClient,
  type Credentials,
  type HttpClient,
  type HttpClientOptions,
} from './http';
import { linkifierApi, type LinkifierApi } from './linkifiers';
import { messagesApi, type MessagesApi } from './messages';
import { organizationApi, type OrganizationApi } from './organization';
import { personalSettingsApi, type PersonalSettingsApi } from './personalSettings';
import { presenceApi, type PresenceApi } from './presence';
import { registrationApi, type RegistrationApi } from './registration';
import { sentMessagesApi, type SentMessagesApi } from './sentMessages';
import { streamsApi, type StreamsApi } from './streams';
import { topicsApi, type TopicsApi } from './topics';
import { unsentMessagesApi, type UnsentMessagesApi } from './unsentMessages';
import { uploadsApi, type UploadsApi } from './uploads';
import { userGroupsApi, type UserGroupsApi } from './userGroups';

// The folder's facade: the rest of the client names the calls' types from here,
// whichever area file holds them.
export type { Member, NewBot, OwnBotRecord, WebhookAnswer } from './bots';
export type { ReactionEmoji } from './emoji';
export type {
  Match,
  MessagesRequest,
  OutgoingMessage,
  StreamMessage,
  TypingTarget,
} from './messages';
export type { InviteRecord, NewMultiuseInvite, RealmChanges } from './organization';
export type { PresenceAnswer, StatusChange } from './presence';
export type { EventsRequest, Identity, Registered } from './registration';
export type { HistorySnapshot, MessageChange, PropagateMode } from './sentMessages';
export type { NewSubscription, StreamChanges, SubscribeOptions } from './streams';
export type { TopicVisibility } from './topics';
export type { ScheduledChange, ScheduledOutgoing } from './unsentMessages';
export type { FileUpload } from './uploads';
export type { NewUserGroup, UserGroupRecord } from './userGroups';

/** The Zulip endpoints a Session uses, each parsed with its wire schema. */
export interface Api
  extends
    RegistrationApi,
    MessagesApi,
    SentMessagesApi,
    FlagsApi,
    TopicsApi,
    StreamsApi,
    EmojiApi,
    PresenceApi,
    PersonalSettingsApi,
    OrganizationApi,
    UserGroupsApi,
    BotsApi,
    UploadsApi,
    UnsentMessagesApi,
    LinkifierApi {}

export interface ApiOptions extends HttpClientOptions {
  /** The server's feature level as its last registration said it; 7.0's until one has. */
  featureLevel?: () => number;
}

export function createApi(credentials: Credentials, options: ApiOptions = {}): Api {
  const { featureLevel = () => zulip7FeatureLevel, ...httpOptions } = options;
  const http: HttpClient = createHttpClient(credentials, httpOptions);
  return {
    ...registrationApi(http),
    ...messagesApi(http, featureLevel),
    ...sentMessagesApi(http, featureLevel),
    ...flagsApi(http, featureLevel),
    ...topicsApi(http, featureLevel),
    ...streamsApi(http),
    ...emojiApi(http, httpOptions),
    ...presenceApi(http, featureLevel),
    ...personalSettingsApi(http),
    ...organizationApi(http, featureLevel),
    ...userGroupsApi(http, featureLevel),
    ...botsApi(http, featureLevel),
    ...uploadsApi(http),
    ...unsentMessagesApi(http),
    ...linkifierApi(http, featureLevel),
  };
}
