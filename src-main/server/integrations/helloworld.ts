import { integration } from './integration';

// Zulip's sample integration: the Wikipedia article of the day, in Zulip's words.
export const helloworld = integration({
  urlName: 'helloworld',
  name: 'HelloWorld',
  displayName: 'Hello World',
  allEventTypes: null,
  params: {},
  handle: (call) => {
    const payload = call.payload();
    const title = payload.str('featured_title');
    const url = payload.str('featured_url');
    return [
      {
        topic: 'Hello World',
        content:
          'Hello! I am happy to be here! :smile:\n' +
          `The Wikipedia featured article for today is **[${title}](${url})**`,
      },
    ];
  },
});
