import { z } from 'zod';
import { windowLanguageCodes } from '../../src-main/i18n/languages';
import { reachProblemSchema } from './networkCalls';

// The bridge's part for joining an organization or hosting one: the server
// probed before its form, the organizations nearby, and the forms' answers.

// A form's answer: where it went wrong, to show beside that field.
export const formFieldSchema = z.enum([
  'serverUrl',
  'email',
  'password',
  'apiKey',
  'zuliprc',
  'organizationName',
  'fullName',
  'unencrypted',
  'form',
]);
export type FormField = z.infer<typeof formFieldSchema>;
export const formResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), accountId: z.string() }),
  z.object({
    ok: z.literal(false),
    field: formFieldSchema,
    message: z.string(),
    problem: reachProblemSchema.optional(),
  }),
]);
export type FormResult = z.infer<typeof formResultSchema>;

export const serverInfoSchema = z.object({
  serverUrl: z.string(),
  realmName: z.string(),
  realmIcon: z.string().nullable(),
  description: z.string(),
  version: z.string(),
  /** The server takes an email and password (POST /fetch_api_key). */
  passwordSignIn: z.boolean(),
  /** False where the server signs in with a username (LDAP) rather than an email. */
  usernameIsEmail: z.boolean(),
  /** Single sign-on methods (Google, SAML…), which only a web browser can use. */
  browserSignIn: z.array(z.string()),
  /**
   * Set where a password or key would travel unencrypted (http:// off this
   * computer): the form shows it, and asks for the explicit choice joining takes.
   */
  warning: z.string().nullable(),
  /** What was probed was an invitation link: the form asks for a new account. */
  invitation: z.boolean(),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;
export const probeResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), server: serverInfoSchema }),
  z.object({
    ok: z.literal(false),
    field: formFieldSchema,
    message: z.string(),
    problem: reachProblemSchema.optional(),
  }),
]);
export type ProbeResult = z.infer<typeof probeResultSchema>;

const serverUrl = z.string().trim().min(1).max(2000);
const email = z.string().trim().min(3).max(254);
const password = z.string().min(1).max(1000);
/**
 * The person ticked “Send my password (API key) unencrypted”: without it, main
 * refuses to sign in over plain http to another computer.
 */
const sendUnencrypted = z.boolean().optional();

export const onboardingBridgeCalls = {
  probeServer: { args: z.object({ serverUrl }), result: probeResultSchema },
  /** Hearth hosts announcing themselves on the local network; none is trusted until its fingerprint is. */
  findOrganizations: {
    args: z.object({}),
    result: z.array(
      z.object({ realmName: z.string(), serverUrl: z.string(), fingerprint: z.string() }),
    ),
  },
  joinOrganization: {
    args: z.discriminatedUnion('method', [
      z.object({ method: z.literal('password'), serverUrl, email, password, sendUnencrypted }),
      z.object({
        method: z.literal('apiKey'),
        serverUrl,
        email,
        apiKey: z.string().trim().min(1).max(200),
        sendUnencrypted,
      }),
      z.object({
        method: z.literal('zuliprc'),
        zuliprc: z.string().min(1).max(10_000),
        sendUnencrypted,
      }),
      z.object({
        method: z.literal('invitation'),
        link: serverUrl,
        fullName: z.string().trim().min(1).max(100),
        email,
        password,
        sendUnencrypted,
      }),
    ]),
    result: formResultSchema,
  },
  hostOrganization: {
    args: z.object({
      organizationName: z.string().trim().min(1).max(40),
      fullName: z.string().trim().min(1).max(100),
      email,
      password,
      /** The organization's language: one the window speaks, as it names it. */
      language: z.enum(windowLanguageCodes),
    }),
    result: formResultSchema,
  },
} as const;

export const onboardingBridgeEvents = {
  /** An invitation link was opened (clicked, or handed over by the OS): offer to join by it. */
  invitation: z.object({ link: z.string() }),
} as const;
