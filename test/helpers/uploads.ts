import type { Org, TestUser } from './org';

// The smallest PNG there is: one transparent pixel.
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==',
  'base64',
);

export interface FormFile {
  name: string;
  data: Buffer;
}

/** A multipart request with files, as Zulip's clients send uploads, and its JSON answer. */
export async function postFiles(
  org: Org,
  user: TestUser,
  method: 'POST' | 'PATCH',
  path: string,
  files: readonly FormFile[],
  fields: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.name, new Blob([new Uint8Array(file.data)]), `${file.name}.png`);
  const token = Buffer.from(`${user.email}:${user.apiKey}`).toString('base64');
  const response = await fetch(`${org.url}/api/v1${path}`, {
    method,
    headers: { Authorization: `Basic ${token}` },
    body: form,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
