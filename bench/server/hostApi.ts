import { requireAccepted } from './workload';

export interface HostCall {
  method: string;
  /** Under /api/v1, with its leading slash. */
  path: string;
  /** A string goes as it is, anything else as its JSON, as Zulip's clients send parameters. */
  params: Record<string, unknown>;
  authorization?: string;
}

/** Calls the host's API as a bench sets things up, stopping the bench (for `figure`) unless it accepts. */
export async function acceptedCall(
  site: string,
  figure: string,
  { method, path, params, authorization }: HostCall,
): Promise<Record<string, unknown>> {
  const body = new URLSearchParams(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
  const response = await fetch(`${site}/api/v1${path}`, {
    method,
    headers: authorization ? { authorization } : {},
    body,
  });
  const text = await response.text();
  requireAccepted(figure, `${method} ${path}`, { status: response.status, body: text });
  return JSON.parse(text) as Record<string, unknown>;
}
