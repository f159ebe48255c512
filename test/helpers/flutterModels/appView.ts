import { minimumFeatureLevel } from './appRequests';
import { checkAgainst } from './checkAgainst';
import {
  connectSequence,
  type AppCredentials,
  type ConnectOptions,
  type ConnectResult,
} from './connectSequence';
import type { FlutterModels } from './modelTypes';
import { readFlutterModels } from './readModels';

const shortly = (json: unknown) => {
  const text = typeof json === 'string' ? json : JSON.stringify(json);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** Everything in a connect sequence's run that Zulip's mobile app would refuse or fail to read. */
export function problemsOf(
  models: FlutterModels,
  minimumLevel: number,
  run: ConnectResult,
): string[] {
  const problems: string[] = [];
  if (run.featureLevel !== undefined && run.featureLevel < minimumLevel) {
    problems.push(
      `GET /server_settings.zulip_feature_level: ${run.featureLevel} is below ${minimumLevel}, ` +
        'the oldest the app connects to (kMinAllowedZulipFeatureLevel)',
    );
  }
  for (const { label, model, status, json } of run.exchanges) {
    if (status !== 200) problems.push(`${label}: HTTP ${status} ${shortly(json)}`);
    else if (model) problems.push(...checkAgainst(models, model, json, label));
  }
  problems.push(...run.missingEvents.map((what) => `${what}: no event came`));
  return problems;
}

/**
 * The mobile app's view of the server at `url`: the app's connect sequence
 * run against it, each answer and event checked against zulip-flutter's
 * models. No problems means the app would connect and read all of it.
 */
export async function mobileAppProblems(
  url: string,
  credentials: AppCredentials,
  options: ConnectOptions = {},
): Promise<string[]> {
  const models = readFlutterModels(options.flutterApiRoot);
  const minimumLevel = minimumFeatureLevel(options.flutterApiRoot);
  return problemsOf(models, minimumLevel, await connectSequence(url, credentials, options));
}
