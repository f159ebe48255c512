import { badRequest } from './errors';

/**
 * A multipart/form-data body, read whole: its text fields, which Zulip reads
 * as parameters on every endpoint as it reads a form-encoded body, and its files.
 */
export class MultipartBody {
  constructor(
    readonly fields: Readonly<Record<string, string>>,
    readonly files: readonly File[],
  ) {}
}

/** Reads a multipart body as the Fetch API reads a form; a field named twice keeps its first value, as `rawParams` does. */
export async function readMultipart(body: Buffer, contentType: string): Promise<MultipartBody> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw badRequest('Malformed multipart body');
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') files.push(value);
    else if (!(name in fields)) fields[name] = value;
  }
  return new MultipartBody(fields, files);
}
