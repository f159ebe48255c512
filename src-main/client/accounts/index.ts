export { AccountList, type AccountRecord, type NewAccountRecord } from './accountList';
export {
  Accounts,
  memoryOnlyNotice,
  type Account,
  type AccountsOptions,
  type KeyState,
} from './accountStore';
export { probeServer } from './probeServer';
export { minimumFeatureLevel, type ServerInfo, type SignInMethods } from './serverInfo';
export {
  cleartextWarning,
  isLoopbackHost,
  normaliseServerUrl,
  requireCleartextChoice,
} from './serverUrl';
export { parseInvitationLink, type InvitationLink } from './invitationLink';
export {
  joinWithInvitation,
  signInWithApiKey,
  signInWithPassword,
  type SignInResult,
} from './signIn';
export {
  SignInError,
  type SignInErrorKind,
  type SignInField,
  type TlsReason,
  type UnreachableReason,
} from './signInError';
export { parseZuliprc, type Zuliprc } from './zuliprc';
