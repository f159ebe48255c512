import { createInterface } from 'node:readline/promises';
import type { HostRegistration } from './hostRegistration';
import { SENT_ON_REGISTRATION, ZULIP_SERVICE_TERMS_URL } from './serviceTerms';

/**
 * Shows the owner of a headless host what registering sends and under which
 * terms, and asks; without a terminal to ask on, the answer is no.
 */
export async function askToAcceptTerms(registration: HostRegistration): Promise<boolean> {
  const lines = [
    `Registering with the push service at ${registration.url} sends it:`,
    ...SENT_ON_REGISTRATION.map((item) => `  - ${item}`),
    'Notifications then go through it end-to-end encrypted: it never reads a message.',
    `Zulip's own service is used under the Zulip Cloud Terms of Service: ${ZULIP_SERVICE_TERMS_URL}`,
    "(free for up to 10 users); another service's terms are its own.",
  ];
  console.log(lines.join('\n'));
  if (!process.stdin.isTTY) {
    console.error(
      'No terminal to ask on: give --agree-to-push-service-terms once you accept them.',
    );
    return false;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question('Do you accept these terms and register? [y/N] ');
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}
