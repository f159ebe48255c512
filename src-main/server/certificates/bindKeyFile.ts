import { tsigAlgorithms, type TsigAlgorithm, type TsigKey } from './tsig';

const keyStatement = /key\s+"?([A-Za-z0-9._-]+)"?\s*\{([^}]*)\}/;
const clause = (body: string, name: string) =>
  new RegExp(`${name}\\s+"?([^";\\s]+)"?\\s*;`, 'i').exec(body)?.[1];

const isAlgorithm = (name: string): name is TsigAlgorithm => name in tsigAlgorithms;

/**
 * The TSIG key of a key file as `tsig-keygen` and `ddns-confgen` write it
 * (and `nsupdate -k` reads it): `key "name" { algorithm …; secret "…"; };`.
 */
export function parseBindKeyFile(text: string): TsigKey {
  const found = keyStatement.exec(text);
  if (!found?.[1] || found[2] === undefined) {
    throw new Error(
      'the key file holds no key statement: key "name" { algorithm …; secret "…"; };',
    );
  }
  const algorithm = clause(found[2], 'algorithm')?.toLowerCase();
  const secret = clause(found[2], 'secret');
  if (algorithm === undefined || !isAlgorithm(algorithm)) {
    throw new Error(
      `the key's algorithm must be one of ${Object.keys(tsigAlgorithms).join(', ')}, not ${algorithm ?? 'missing'}`,
    );
  }
  if (secret === undefined || !/^[A-Za-z0-9+/]+={0,2}$/.test(secret)) {
    throw new Error("the key's secret is missing or not base64");
  }
  return { name: found[1], algorithm, secret };
}
