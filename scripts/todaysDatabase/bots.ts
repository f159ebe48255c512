import type { TestUser } from '../../test/helpers/org';
import type { People } from './people';
import type { Seeding } from './seeding';

/** The bots, each as the user it posts as, and the token the outgoing one sends its server. */
export interface Bots {
  build: TestUser;
  alerts: TestUser;
  triage: TestUser;
  old: TestUser;
  triageToken: string;
}

// Zulip's bot types and outgoing-webhook interfaces.
const BotType = { generic: 1, incomingWebhook: 2, outgoingWebhook: 3 } as const;
const SLACK_INTERFACE = 2;

async function create(
  seeding: Seeding,
  owner: TestUser,
  fullName: string,
  shortName: string,
  extra: Record<string, unknown>,
): Promise<TestUser> {
  const made = await seeding.call(owner, `the ${shortName} bot`, 'POST', '/bots', {
    full_name: fullName,
    short_name: shortName,
    ...extra,
  });
  const { user } = await seeding.call(
    owner,
    `the ${shortName} bot's email`,
    'GET',
    `/users/${made.user_id}`,
  );
  return { id: made.user_id, email: user.email, fullName, apiKey: made.api_key };
}

/**
 * A bot of each type Zulip 7.0 lets people make (embedded bots are off, as
 * on Zulip), one with every default set, and one deactivated. The outgoing
 * webhook's server is never called: nobody mentions or writes to it.
 */
export async function seedBots(seeding: Seeding, { alice, adam }: People): Promise<Bots> {
  const build = await create(seeding, alice, 'Build bot', 'build', {
    bot_type: BotType.generic,
    default_sending_stream: 'design',
    default_events_register_stream: 'design',
    default_all_public_streams: true,
  });
  const alerts = await create(seeding, adam, 'Alerts bot', 'alerts', {
    bot_type: BotType.incomingWebhook,
  });
  const triage = await create(seeding, adam, 'Triage bot', 'triage', {
    bot_type: BotType.outgoingWebhook,
    payload_url: JSON.stringify('https://bots.example.com/triage'),
    interface_type: SLACK_INTERFACE,
  });
  const old = await create(seeding, alice, 'Old bot', 'old', { bot_type: BotType.generic });
  await seeding.call(alice, 'the old bot is deactivated', 'DELETE', `/bots/${old.id}`);
  return { build, alerts, triage, old, triageToken: await serviceToken(seeding, adam, triage) };
}

// Only register state shows a service's token; the queue it makes goes at once.
async function serviceToken(seeding: Seeding, owner: TestUser, bot: TestUser): Promise<string> {
  const state = await seeding.call(
    owner,
    'the bots as their owner sees them',
    'POST',
    '/register',
    {
      fetch_event_types: ['realm_bot'],
    },
  );
  await seeding.call(owner, 'that queue goes', 'DELETE', '/events', { queue_id: state.queue_id });
  const found = (state.realm_bots as { user_id: number; services: { token: string }[] }[]).find(
    (realmBot) => realmBot.user_id === bot.id,
  );
  const token = found?.services[0]?.token;
  if (token === undefined) throw new Error(`${bot.email} has no service`);
  return token;
}
