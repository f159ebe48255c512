// What the fixture test/fixtures/todays-database holds, as today's host shows it
// through the API, each value as scripts/make-todays-database.ts left it. IDs
// and timestamps are the generator's (its clock started at 1795165200,
// 2026-11-20 09:00 UTC, and moved ten seconds a request).

/** GET /users: [id, email, name, role, active, bot type, bot owner, time zone, joined]. */
export const PEOPLE = [
  [1, 'olive@hearth.test', 'Olive', 100, true, null, null, '', '2026-11-20T09:00:00.000Z'],
  [2, 'adam@hearth.test', 'Adam', 200, true, null, null, '', '2026-11-20T09:00:00.000Z'],
  [3, 'mona@hearth.test', 'Mona', 300, true, null, null, '', '2026-11-20T09:00:00.000Z'],
  [
    4,
    'alice@hearth.test',
    'Alice Lamp',
    400,
    true,
    null,
    null,
    'Europe/Paris',
    '2026-11-20T09:00:00.000Z',
  ],
  [5, 'bob@hearth.test', 'Bob', 400, true, null, null, '', '2026-11-20T09:00:00.000Z'],
  [6, 'gus@hearth.test', 'Gus', 600, true, null, null, '', '2026-11-20T09:00:00.000Z'],
  [7, 'dora@hearth.test', 'Dora', 400, false, null, null, '', '2026-11-20T09:00:00.000Z'],
  [8, 'build-bot@hearth.local', 'Build bot', 400, true, 1, 4, '', '2026-11-20T09:06:40.000Z'],
  [9, 'alerts-bot@hearth.local', 'Alerts bot', 400, true, 2, 2, '', '2026-11-20T09:07:00.000Z'],
  [10, 'triage-bot@hearth.local', 'Triage bot', 400, true, 3, 2, '', '2026-11-20T09:07:20.000Z'],
  [11, 'old-bot@hearth.local', 'Old bot', 400, false, 1, 4, '', '2026-11-20T09:07:40.000Z'],
  [12, 'nina@hearth.test', 'Nina', 400, true, null, null, '', '2026-11-20T10:23:50.000Z'],
];

/** GET /streams, every active channel with whether it is a default one. */
export const CHANNELS = [
  {
    stream_id: 5,
    name: 'announcements',
    description: 'News from the owners',
    rendered_description: '<p>News from the owners</p>',
    invite_only: false,
    history_public_to_subscribers: true,
    stream_post_policy: 2,
    is_announcement_only: true,
    is_default: false,
    date_created: 1795165300,
  },
  {
    stream_id: 2,
    name: 'design',
    description: 'Pixels and **type**',
    rendered_description: '<p>Pixels and <strong>type</strong></p>',
    invite_only: false,
    history_public_to_subscribers: true,
    stream_post_policy: 1,
    is_announcement_only: false,
    is_default: true,
    date_created: 1795165240,
  },
  {
    stream_id: 3,
    name: 'engineering',
    description: 'Wicks, valves and _pipes_',
    rendered_description: '<p>Wicks, valves and _pipes_</p>',
    invite_only: true,
    history_public_to_subscribers: true,
    stream_post_policy: 3,
    is_announcement_only: false,
    is_default: false,
    date_created: 1795165260,
  },
  {
    stream_id: 1,
    name: 'general',
    description: 'The whole organization, for anything that concerns everyone',
    rendered_description: '<p>The whole organization, for anything that concerns everyone</p>',
    invite_only: false,
    history_public_to_subscribers: true,
    stream_post_policy: 1,
    is_announcement_only: false,
    is_default: true,
    date_created: 1795165200,
  },
  {
    stream_id: 4,
    name: 'leadership',
    description: 'For leads only',
    rendered_description: '<p>For leads only</p>',
    invite_only: true,
    history_public_to_subscribers: false,
    stream_post_policy: 4,
    is_announcement_only: false,
    is_default: false,
    date_created: 1795165280,
  },
  {
    stream_id: 6,
    name: 'watercooler',
    description: 'Coffee, tea and *gossip*',
    rendered_description: '<p>Coffee, tea and <em>gossip</em></p>',
    invite_only: false,
    history_public_to_subscribers: true,
    stream_post_policy: 1,
    is_announcement_only: false,
    is_default: false,
    date_created: 1795165320,
  },
];

/** Alice's subscriptions: [name, color, pinned, muted, desktop, audible, push, email, wildcard mentions, subscribers]. */
export const ALICE_SUBSCRIPTIONS = [
  ['announcements', '#e79ab5', false, false, null, null, null, null, null, [1, 2, 3, 4, 5, 6]],
  ['design', '#c2726f', true, false, true, false, true, false, false, [2, 4, 5, 6, 12]],
  ['engineering', '#1e90ff', false, false, null, null, null, null, null, [2, 4, 5]],
  // User 7, deactivated, is no subscriber to read while deactivated (Zulip's is_user_active).
  ['general', '#76ce90', false, false, null, null, null, null, null, [1, 2, 3, 4, 5, 6]],
  ['watercooler', '#bfd56f', false, true, null, null, null, null, null, [4, 5]],
];

// Each message as [id, sender, where, Markdown, timestamp], uploads' random paths elided.
export const DESIGN = [
  [3, 4, '#design > colours', 'Which **red** for the lamps?', 1795165740],
  [4, 5, '#design > colours', 'Asking @**Alice** and @*designers*', 1795165760],
  [5, 2, '#design > colours', '@**all** the vote closes at noon', 1795165770],
  [6, 4, '#design > colours', 'The deadline is Friday', 1795165780],
  [7, 6, '#design > colours', 'A guest says hello', 1795165790],
  [8, 4, '#design > colours', '/poll Which shade?\nCrimson\nScarlet', 1795165800],
  [9, 4, '#design > lamp tasks', '/todo', 1795165840],
  [10, 4, '#design > sketches', 'Like this: [sketch.png](/user_uploads/…/sketch.png)', 1795165890],
  [11, 5, '#design > sketches', 'My notes: [notes.txt](/user_uploads/…/notes.txt)', 1795165910],
  [12, 5, '#design > typography', 'Kerning matters', 1795165930],
  [
    13,
    5,
    '#design > typography',
    'This topic was moved here from #**design>typos** by @_**Bob|5**.',
    1795165940,
  ],
  [14, 4, '#design > ✔ launch', 'We launch on Monday', 1795165950],
  [15, 5, '#design > ✔ launch', 'Done!', 1795165960],
  [16, 4, '#design > ✔ launch', '@_**Alice|4** has marked this topic as resolved.', 1795165970],
  [22, 4, '#design > links', 'See #42 and LAMP-7 :shipit:', 1795166050],
  [23, 8, '#design > builds', 'Build **#7** passed', 1795166060],
  [
    24,
    9,
    '#design > Hello World',
    'Hello! I am happy to be here! :smile:\nThe Wikipedia featured article for today is **[Argand lamp](https://en.wikipedia.org/wiki/Argand_lamp)**',
    1795166070,
  ],
  [38, 5, '#design > standup', 'Standup notes: all good', 1795168300],
  [41, 5, '#design > colours', 'Crimson it is', 1795170260],
];
export const ENGINEERING = [
  [17, 5, '#engineering > from design', 'This belongs with engineering', 1795165980],
  [
    18,
    2,
    '#engineering > from design',
    'This topic was moved here from #**design>valves** by @_**Adam|2**.',
    1795165990,
  ],
  [26, 2, '#engineering > deploys', 'Deploying at five', 1795166090],
  [27, 4, '#engineering > deploys', 'ok', 1795166100],
];
export const LEADERSHIP = [[28, 3, '#leadership > hiring', 'Two candidates this week', 1795166110]];
export const ANNOUNCEMENTS = [
  [29, 1, '#announcements > news', 'We moved to the new hall', 1795166120],
];
export const GENERAL = [
  [1, 1, '#general > welcome', "Welcome to the lamplighters' organization!", 1795165720],
  [2, 7, '#general > goodbye', 'Last day for me, bye all', 1795165730],
];
export const WATERCOOLER = [
  [30, 5, '#watercooler > coffee', 'Coffee?', 1795166130],
  [31, 3, '#watercooler > coffee', 'Yes please', 1795166140],
];
export const ALICE_DIRECT = [
  [33, 4, 'to 4,5', 'Lunch?', 1795166160],
  [34, 5, 'to 4,5', 'Sure, at one', 1795166170],
  [35, 4, 'to 3,4,5', 'Lunch, all three?', 1795166180],
  [36, 4, 'to 4', 'Note to self: buy oil', 1795166190],
  [37, 6, 'to 4,6', 'May I join #design?', 1795166200],
  [40, 5, 'to 4,5', 'Are you there?', 1795170250],
];
export const MONA_DIRECT = [
  [35, 4, 'to 3,4,5', 'Lunch, all three?', 1795166180],
  [
    39,
    3,
    'to 3',
    "The message you scheduled for <time:2026-11-20T09:52:50.000Z> was not sent because of the following error:\n\n> Not authorized to send to stream 'f05210c!DEACTIVATED:old-projects'\n\n[View scheduled messages](#scheduled)",
    1795168370,
  ],
];
export const ADAM_DIRECT = [
  [
    25,
    9,
    'to 2,9',
    'Your bot `alerts-bot@hearth.local` tried to post to the stream #**lamps**, which does not exist. Create the stream, or change the `stream` parameter of the webhook URL.',
    1795166080,
  ],
];

/** #design's topics as Alice lists them: [name, newest message]. */
export const DESIGN_TOPICS = [
  ['colours', 41],
  ['standup', 38],
  ['Hello World', 24],
  ['builds', 23],
  ['links', 22],
  ['✔ launch', 16],
  ['typography', 13],
  ['sketches', 11],
  ['lamp tasks', 9],
];

/** GET /messages/{id}/history of every edited or moved message, by ID. */
export const EDIT_HISTORIES = {
  '3': [
    {
      topic: 'colours',
      content: 'Which **orange** for the lamps?',
      rendered_content: '<p>Which <strong>orange</strong> for the lamps?</p>',
      user_id: 4,
      timestamp: 1795165740,
    },
    {
      topic: 'colours',
      content: 'Which **red** for the lamps?',
      rendered_content: '<p>Which <strong>red</strong> for the lamps?</p>',
      user_id: 4,
      timestamp: 1795165750,
      prev_content: 'Which **orange** for the lamps?',
      prev_rendered_content: '<p>Which <strong>orange</strong> for the lamps?</p>',
      content_html_diff:
        '<div><p> <span class="highlight_text_inserted">Which <strong>red</strong></span> <span class="highlight_text_deleted">Which <strong>orange</strong></span> for the lamps?</p></div>',
    },
  ],
  '12': [
    {
      topic: 'typos',
      content: 'Kerning matters',
      rendered_content: '<p>Kerning matters</p>',
      user_id: 5,
      timestamp: 1795165930,
    },
    {
      topic: 'typography',
      content: 'Kerning matters',
      rendered_content: '<p>Kerning matters</p>',
      user_id: 5,
      timestamp: 1795165940,
      prev_topic: 'typos',
    },
  ],
  '14': [
    {
      topic: 'launch',
      content: 'We launch on Monday',
      rendered_content: '<p>We launch on Monday</p>',
      user_id: 4,
      timestamp: 1795165950,
    },
    {
      topic: '✔ launch',
      content: 'We launch on Monday',
      rendered_content: '<p>We launch on Monday</p>',
      user_id: 4,
      timestamp: 1795165970,
      prev_topic: 'launch',
    },
  ],
  '15': [
    {
      topic: 'launch',
      content: 'Done!',
      rendered_content: '<p>Done!</p>',
      user_id: 5,
      timestamp: 1795165960,
    },
    {
      topic: '✔ launch',
      content: 'Done!',
      rendered_content: '<p>Done!</p>',
      user_id: 4,
      timestamp: 1795165970,
      prev_topic: 'launch',
    },
  ],
  '17': [
    {
      topic: 'valves',
      content: 'This belongs with engineering',
      rendered_content: '<p>This belongs with engineering</p>',
      user_id: 5,
      timestamp: 1795165980,
    },
    {
      topic: 'from design',
      content: 'This belongs with engineering',
      rendered_content: '<p>This belongs with engineering</p>',
      user_id: 2,
      timestamp: 1795165990,
      prev_stream: 2,
      stream: 3,
      prev_topic: 'valves',
    },
  ],
};

/** Every person's messages, and which of them carry each flag. */
export const FLAGS = {
  olive: { messages: [1, 2, 28, 29], read: [1, 29] },
  adam: {
    messages: [
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 22, 23, 24, 25, 26, 27, 28, 29,
      32, 38, 41,
    ],
    read: [5, 18, 26, 32],
    // Zulip 12 names the flag stream_wildcard_mentioned and keeps the old name beside it.
    stream_wildcard_mentioned: [5],
    wildcard_mentioned: [5],
  },
  mona: {
    messages: [1, 2, 10, 28, 29, 30, 31, 32, 35, 39],
    read: [10, 28, 30, 31, 32, 39],
    starred: [10],
    historical: [10],
  },
  alice: {
    messages: [
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 22, 23, 24, 26, 27, 29, 30, 31,
      32, 33, 34, 35, 36, 37, 38, 40, 41,
    ],
    read: [3, 4, 6, 7, 8, 9, 10, 14, 16, 22, 27, 32, 33, 35, 36, 37],
    starred: [35],
    collapsed: [11],
    mentioned: [4],
    // Zulip 12 names the flag stream_wildcard_mentioned and keeps the old name beside it.
    stream_wildcard_mentioned: [5],
    wildcard_mentioned: [5],
  },
  bob: {
    messages: [
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 22, 23, 24, 26, 27, 29, 30, 31,
      33, 34, 35, 38, 40, 41,
    ],
    read: [2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 22, 23, 24, 30, 34, 38, 40, 41],
    starred: [3, 8],
    mentioned: [4],
    // Zulip 12 names the flag stream_wildcard_mentioned and keeps the old name beside it.
    stream_wildcard_mentioned: [5],
    wildcard_mentioned: [5],
    has_alert_word: [6],
  },
  gus: {
    messages: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 22, 23, 24, 29, 37, 38, 41],
    read: [7, 37],
    // Zulip 12 names the flag stream_wildcard_mentioned and keeps the old name beside it.
    stream_wildcard_mentioned: [5],
    wildcard_mentioned: [5],
  },
  nina: { messages: [41] },
};

/** Alice's unread messages, as register state counts them. */
export const ALICE_UNREAD = {
  pms: [{ other_user_id: 5, sender_id: 5, unread_message_ids: [34, 40] }],
  streams: [
    { stream_id: 1, topic: 'goodbye', unread_message_ids: [2] },
    { stream_id: 1, topic: 'welcome', unread_message_ids: [1] },
    { stream_id: 2, topic: 'Hello World', unread_message_ids: [24] },
    { stream_id: 2, topic: 'builds', unread_message_ids: [23] },
    { stream_id: 2, topic: 'colours', unread_message_ids: [5, 41] },
    { stream_id: 2, topic: 'sketches', unread_message_ids: [11] },
    { stream_id: 2, topic: 'standup', unread_message_ids: [38] },
    { stream_id: 2, topic: 'typography', unread_message_ids: [12, 13] },
    { stream_id: 2, topic: '✔ launch', unread_message_ids: [15] },
    { stream_id: 3, topic: 'deploys', unread_message_ids: [26] },
    { stream_id: 3, topic: 'from design', unread_message_ids: [17, 18] },
    { stream_id: 5, topic: 'news', unread_message_ids: [29] },
    { stream_id: 6, topic: 'coffee', unread_message_ids: [30, 31] },
  ],
  huddles: [],
  mentions: [5],
  count: 17,
  old_unreads_missing: false,
};

/** Each message's reactions: [emoji name, code, type, user], by message ID. */
export const REACTIONS = {
  '3': [
    ['tada', '1f389', 'unicode_emoji', 5],
    ['tada', '1f389', 'unicode_emoji', 2],
  ],
  '4': [['shipit', '1', 'realm_emoji', 4]],
  '33': [
    ['zulip', 'zulip', 'zulip_extra_emoji', 5],
    ['heart', '2764', 'unicode_emoji', 4],
  ],
  '41': [['wave', '1f44b', 'unicode_emoji', 5]],
};

/** The poll's and the to-do list's submessages: [sender, type, content], by message ID. */
export const SUBMESSAGES = {
  '8': [
    [
      4,
      'widget',
      '{"widget_type": "poll", "extra_data": {"question": "Which shade?", "options": ["Crimson", "Scarlet"]}}',
    ],
    [5, 'widget', '{"type":"vote","key":"canned,0","vote":1}'],
    [2, 'widget', '{"type":"new_option","idx":1,"option":"Vermilion"}'],
    [4, 'widget', '{"type":"vote","key":"2,1","vote":1}'],
  ],
  '9': [
    [4, 'widget', '{"widget_type": "todo", "extra_data": null}'],
    [
      5,
      'widget',
      '{"type":"new_task","key":1,"task":"Buy wicks","desc":"two dozen","completed":false}',
    ],
    [4, 'widget', '{"type":"new_task","key":2,"task":"Clean glass","desc":"","completed":false}'],
    [4, 'widget', '{"type":"strike","key":"1,5"}'],
  ],
};

/** Each person's uploads: [name, size, created (seconds), linking messages], their type and SHA-256. */
export const UPLOADS = {
  alice: [
    {
      listed: ['sketch.png', 76, 1795165880, [10]],
      type: 'image/png',
      sha256: 'c8fd3522b2b648b1f72f6290e045cd57f2775f58f1d70bb6dd94f11310fad0b3',
    },
  ],
  bob: [
    {
      listed: ['notes.txt', 48, 1795165900, [11]],
      type: 'text/plain',
      sha256: '63fd3c3964fc347451cc1962803e67d7c450a3e4e5c77abccca36f42489eb2fb',
    },
    {
      listed: ['unsent.txt', 24, 1795165920, []],
      type: 'text/plain',
      sha256: '8fa503d58efd039d38bb50e4746ca1a12f5871898051fb763a5d5ab4e9b1b90f',
    },
  ],
};

/** The SHA-256 of the organization's icon, and of its two custom emoji's images. */
export const ICON_SHA256 = '5a2dcddedb434687606ecf582b016e7c91eab0dea33646b2428f6c8fcc5f182c';
export const EMOJI_SHA256 = [
  '791930714d9a4825556818baea46319acfb4bc1ddd62ec86897f838dfbd96dd3',
  '75406131ec0e97ebbfdf466f6dd54de876044ef30d8eecdf3c060ea29948822f',
];

/** GET /realm/profile_fields, in their order. */
export const PROFILE_FIELDS = [
  {
    id: 8,
    name: 'Pronouns',
    type: 8,
    hint: '',
    field_data: '',
    order: 0,
    display_in_profile_summary: true,
  },
  {
    id: 1,
    name: 'Desk',
    type: 1,
    hint: 'Where to find you',
    field_data: '',
    order: 1,
    display_in_profile_summary: true,
  },
  { id: 2, name: 'Biography', type: 2, hint: '', field_data: '', order: 2 },
  {
    id: 3,
    name: 'Favourite lamp',
    type: 3,
    hint: '',
    field_data: '{"oil":{"text":"Oil lamp","order":"1"},"gas":{"text":"Gas lamp","order":"2"}}',
    order: 3,
  },
  { id: 4, name: 'Birthday', type: 4, hint: '', field_data: '', order: 4 },
  { id: 5, name: 'Website', type: 5, hint: 'Your own page', field_data: '', order: 5 },
  { id: 6, name: 'Mentor', type: 6, hint: '', field_data: '', order: 6 },
  {
    id: 7,
    name: 'GitHub username',
    type: 7,
    hint: 'Enter your GitHub username',
    field_data: '{"subtype":"github"}',
    order: 7,
  },
  {
    id: 9,
    name: 'Social',
    type: 7,
    hint: '',
    field_data: '{"subtype":"custom","url_pattern":"https://social.example.com/@%(username)s"}',
    order: 8,
  },
];
/** Alice's and Bob's values, as GET /users/{id} shows them. */
export const PROFILE_DATA = {
  alice: {
    '1': { value: 'B-12', rendered_value: '<p>B-12</p>' },
    '2': {
      value: 'Keeps the **lamps** lit',
      rendered_value: '<p>Keeps the <strong>lamps</strong> lit</p>',
    },
    '3': { value: 'gas' },
    '4': { value: '1990-04-01' },
    '5': { value: 'https://alice.example.com/' },
    '6': { value: '[3]' },
    '7': { value: 'alice-lights' },
    '8': { value: 'she/her' },
    '9': { value: 'alice' },
  },
  bob: { '1': { value: 'C-3', rendered_value: '<p>C-3</p>' }, '8': { value: 'he/him' } },
};

/** Register state's user_status. */
export const STATUSES = {
  '3': { away: true },
  '4': {
    away: true,
    status_text: 'Lighting lamps',
    emoji_name: 'fire',
    emoji_code: '1f525',
    reaction_type: 'unicode_emoji',
  },
  '5': {
    status_text: 'Polishing',
    emoji_name: 'shipit',
    emoji_code: '1',
    reaction_type: 'realm_emoji',
  },
};
/** Each person's last presence, as their web client reported it. */
export const PRESENCE = {
  alice: { status: 'idle', timestamp: 1795169880 },
  bob: { status: 'idle', timestamp: 1795166400 },
  adam: { status: 'active', timestamp: 1795166410 },
  mona: { status: 'idle', timestamp: 1795166120 },
};

/** GET /drafts as Bob. */
export const BOB_DRAFTS = [
  {
    id: 1,
    type: 'stream',
    to: [2],
    topic: 'colours',
    content: 'I think crimson',
    timestamp: 1795166470,
  },
  { id: 2, type: 'private', to: [4], topic: '', content: 'About lunch…', timestamp: 1795166470 },
  { id: 3, type: '', to: [], topic: '', content: 'Untitled thought', timestamp: 1795166471 },
];
/** GET /scheduled_messages of each person who has some. */
export const SCHEDULED = {
  bob: [
    {
      scheduled_message_id: 1,
      content: 'Reminder: pick the **shade**',
      rendered_content: '<p>Reminder: pick the <strong>shade</strong></p>',
      scheduled_delivery_timestamp: 4070941200,
      failed: false,
      type: 'stream',
      to: 2,
      topic: 'colours',
    },
  ],
  alice: [
    {
      scheduled_message_id: 2,
      content: 'Happy summer!',
      rendered_content: '<p>Happy summer!</p>',
      scheduled_delivery_timestamp: 4083987600,
      failed: false,
      type: 'private',
      to: [5],
    },
  ],
  mona: [
    {
      scheduled_message_id: 4,
      content: 'One last word',
      rendered_content: '<p>One last word</p>',
      scheduled_delivery_timestamp: 1795168370,
      failed: true,
      type: 'stream',
      to: 7,
      topic: '2019 lamps',
    },
  ],
};
/** GET /invites: [id, by, created, expires, invited as]; the revoked one is not listed. */
export const INVITES = [
  [2, 1, 1795170190, 4948770190, 300],
  [1, 1, 1795170180, null, 400],
];
/** Register state's alert words, muted users and topic visibility. */
export const PERSONAL = {
  bob: {
    alert_words: ['deadline', 'Orange'],
    muted_users: [{ id: 7, timestamp: 1795166430 }],
    user_topics: [
      { stream_id: 2, topic_name: '✔ launch', last_updated: 1795166460, visibility_policy: 1 },
    ],
  },
  alice: {
    alert_words: [],
    muted_users: [{ id: 6, timestamp: 1795166420 }],
    user_topics: [
      { stream_id: 2, topic_name: 'typography', last_updated: 1795166440, visibility_policy: 1 },
      { stream_id: 6, topic_name: 'coffee', last_updated: 1795166450, visibility_policy: 2 },
    ],
  },
};

/** Messages looked at one by one: with linkifiers, starred by a reader who never had it, in the archived channel, deleted. */
export const MESSAGE_IDS = { links: 22, sketch: 10, archived: 32, deleted: [19, 20, 21] };

/** What waits in Alice's event queue: [event ID, type, content or emoji]. */
export const QUEUED_EVENTS = [
  [1, 'message', '<p>Crimson it is</p>'],
  [2, 'reaction', 'wave'],
];

/** Every setting Alice changed, at the value she chose. */
export const ALICE_SETTINGS = {
  timezone: 'Europe/Paris',
  enable_stream_desktop_notifications: true,
  enable_stream_email_notifications: true,
  enable_stream_push_notifications: true,
  enable_stream_audible_notifications: true,
  notification_sound: 'chime',
  enable_desktop_notifications: false,
  enable_sounds: false,
  enable_offline_email_notifications: false,
  enable_offline_push_notifications: false,
  enable_online_push_notifications: false,
  enable_digest_emails: false,
  enable_login_emails: false,
  message_content_in_email_notifications: false,
  pm_content_in_desktop_notifications: false,
  wildcard_mentions_notify: false,
  desktop_icon_count_display: 2,
  realm_name_in_notifications: true,
  enable_marketing_emails: false,
  presence_enabled: false,
  email_notifications_batching_period_seconds: 3600,
  twenty_four_hour_time: true,
  dense_mode: false,
  web_mark_read_on_scroll_policy: 2,
  starred_message_counts: false,
  fluid_layout_width: true,
  high_contrast_mode: true,
  color_scheme: 2,
  translate_emoticons: true,
  display_emoji_reaction_users: false,
  default_language: 'fr',
  default_view: 'all_messages',
  escape_navigates_to_default_view: false,
  left_side_userlist: true,
  emojiset: 'twitter',
  demote_inactive_streams: 2,
  user_list_style: 3,
  enable_drafts_synchronization: false,
  enter_sends: true,
  send_private_typing_notifications: false,
  send_stream_typing_notifications: false,
  send_read_receipts: false,
  email_address_visibility: 5,
};
