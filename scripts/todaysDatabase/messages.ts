import type { Bots } from './bots';
import type { Channels } from './channels';
import type { People } from './people';
import type { Seeding } from './seeding';

/** The files people upload; the test downloads them again and compares. */
export const uploadedFiles = {
  sketch: { filename: 'sketch.png', type: 'image/png' },
  notes: {
    filename: 'notes.txt',
    type: 'text/plain',
    data: Buffer.from('Wicks: 24\nOil: 3 litres\nGlass: handle with care\n'),
  },
  unsent: {
    filename: 'unsent.txt',
    type: 'text/plain',
    data: Buffer.from('Uploaded, never linked.\n'),
  },
} as const;

/** The messages later steps react to, flag or refer to. */
export interface Sent {
  orangeQuestion: number;
  mention: number;
  deadline: number;
  poll: number;
  sketch: number;
  notes: number;
  direct: number;
  group: number;
}

/**
 * Channel messages in several topics, with mentions of a person, a group and
 * everyone, an alert word, a poll and a to-do list, an image and a file, a
 * linkifier and a custom emoji, from people, a bot and an incoming webhook
 * (whose bot tells its owner of a channel that does not exist); then what
 * happens to messages: an edit, a topic renamed, a topic resolved, a message
 * moved to another channel, a message and a topic deleted.
 */
export async function seedChannelMessages(
  seeding: Seeding,
  people: People,
  bots: Bots,
  channels: Channels,
  sketch: Buffer,
): Promise<Omit<Sent, 'direct' | 'group'>> {
  const { olive, adam, mona, alice, bob, gus, dora } = people;
  const post = seeding.post.bind(seeding);

  await post(olive, 'general', 'welcome', "Welcome to the lamplighters' organization!");
  await post(dora, 'general', 'goodbye', 'Last day for me, bye all');

  const orangeQuestion = await post(alice, 'design', 'colours', 'Which **orange** for the lamps?');
  await seeding.call(alice, 'alice changes her mind', 'PATCH', `/messages/${orangeQuestion}`, {
    content: 'Which **red** for the lamps?',
  });
  const mention = await post(bob, 'design', 'colours', 'Asking @**Alice** and @*designers*');
  await post(adam, 'design', 'colours', '@**all** the vote closes at noon');
  const deadline = await post(alice, 'design', 'colours', 'The deadline is Friday');
  await post(gus, 'design', 'colours', 'A guest says hello');

  const poll = await post(alice, 'design', 'colours', '/poll Which shade?\nCrimson\nScarlet');
  const vote = (user: typeof alice, content: object) =>
    seeding.call(user, `${user.email} answers the poll`, 'POST', '/submessage', {
      message_id: poll,
      msg_type: 'widget',
      content: JSON.stringify(content),
    });
  await vote(bob, { type: 'vote', key: 'canned,0', vote: 1 });
  await vote(adam, { type: 'new_option', idx: 1, option: 'Vermilion' });
  await vote(alice, { type: 'vote', key: `${adam.id},1`, vote: 1 });

  const todo = await post(alice, 'design', 'lamp tasks', '/todo');
  const task = (user: typeof alice, content: object) =>
    seeding.call(user, `${user.email} works on the list`, 'POST', '/submessage', {
      message_id: todo,
      msg_type: 'widget',
      content: JSON.stringify(content),
    });
  await task(bob, {
    type: 'new_task',
    key: 1,
    task: 'Buy wicks',
    desc: 'two dozen',
    completed: false,
  });
  await task(alice, { type: 'new_task', key: 2, task: 'Clean glass', desc: '', completed: false });
  await task(alice, { type: 'strike', key: `1,${bob.id}` });

  const sketchUri = await seeding.upload(
    alice,
    uploadedFiles.sketch.filename,
    uploadedFiles.sketch.type,
    sketch,
  );
  const sketchMessage = await post(
    alice,
    'design',
    'sketches',
    `Like this: [sketch.png](${sketchUri})`,
  );
  const { notes, unsent } = uploadedFiles;
  const notesUri = await seeding.upload(bob, notes.filename, notes.type, notes.data);
  const notesMessage = await post(bob, 'design', 'sketches', `My notes: [notes.txt](${notesUri})`);
  await seeding.upload(bob, unsent.filename, unsent.type, unsent.data);

  const typo = await post(bob, 'design', 'typos', 'Kerning matters');
  await seeding.call(bob, 'bob renames the topic', 'PATCH', `/messages/${typo}`, {
    topic: 'typography',
    propagate_mode: 'change_all',
  });
  const launch = await post(alice, 'design', 'launch', 'We launch on Monday');
  await post(bob, 'design', 'launch', 'Done!');
  await seeding.call(alice, 'alice resolves the topic', 'PATCH', `/messages/${launch}`, {
    topic: '✔ launch',
    propagate_mode: 'change_all',
  });
  const misplaced = await post(bob, 'design', 'valves', 'This belongs with engineering');
  await seeding.call(adam, 'adam moves it', 'PATCH', `/messages/${misplaced}`, {
    stream_id: channels.engineering,
    topic: 'from design',
    propagate_mode: 'change_one',
    send_notification_to_old_thread: false,
    send_notification_to_new_thread: true,
  });
  const wrong = await post(alice, 'design', 'colours', 'oops, wrong channel');
  await seeding.call(adam, 'adam deletes it', 'DELETE', `/messages/${wrong}`);
  await post(bob, 'design', 'scratch', 'temp 1');
  await post(bob, 'design', 'scratch', 'temp 2');
  await seeding.call(
    adam,
    'adam deletes the topic',
    'POST',
    `/streams/${channels.design}/delete_topic`,
    {
      topic_name: 'scratch',
    },
  );
  await post(alice, 'design', 'links', 'See #42 and LAMP-7 :shipit:');

  await post(bots.build, 'design', 'builds', 'Build **#7** passed');
  const article = {
    featured_title: 'Argand lamp',
    featured_url: 'https://en.wikipedia.org/wiki/Argand_lamp',
  };
  await seeding.webhook(bots.alerts, 'helloworld', { stream: 'design' }, article);
  // To a channel that does not exist: the bot tells its owner, and notes when.
  await seeding.webhook(bots.alerts, 'helloworld', { stream: 'lamps' }, article);
  await post(adam, 'engineering', 'deploys', 'Deploying at five');
  await post(alice, 'engineering', 'deploys', 'ok');
  await post(mona, 'leadership', 'hiring', 'Two candidates this week');
  await post(olive, 'announcements', 'news', 'We moved to the new hall');
  await post(bob, 'watercooler', 'coffee', 'Coffee?');
  await post(mona, 'watercooler', 'coffee', 'Yes please');
  await post(adam, 'old-projects', '2019 lamps', 'Archive me');

  return { orangeQuestion, mention, deadline, poll, sketch: sketchMessage, notes: notesMessage };
}

/** Direct messages: one to one, a group of three, a note to self, and from the guest. */
export async function seedDirectMessages(
  seeding: Seeding,
  { alice, bob, mona, gus }: People,
): Promise<Pick<Sent, 'direct' | 'group'>> {
  const direct = await seeding.direct(alice, [bob], 'Lunch?');
  await seeding.direct(bob, [alice], 'Sure, at one');
  const group = await seeding.direct(alice, [bob, mona], 'Lunch, all three?');
  await seeding.direct(alice, [alice], 'Note to self: buy oil');
  await seeding.direct(gus, [alice], 'May I join #design?');
  return { direct, group };
}
