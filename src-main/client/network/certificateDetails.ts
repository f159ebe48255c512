import { X509Certificate } from 'node:crypto';
import type { CertificateDetails } from '../../../src-preload/calls/networkCalls';

// Node writes a name's parts one per line, most general first; people read
// them most specific first, on one line, as browsers show them.
const oneLine = (name: string): string =>
  name
    .split('\n')
    .filter((part) => part !== '')
    .reverse()
    .join(', ');

// `DNS:chat.example, IP Address:10.0.0.5`: the names alone, without their kinds.
const namesOf = (subjectAltName: string | undefined): string[] =>
  (subjectAltName ?? '')
    .split(', ')
    .map((entry) => entry.slice(entry.indexOf(':') + 1))
    .filter((name) => name !== '');

/** What a person is shown of a certificate before deciding whether to trust it. */
export function certificateDetails(certPem: string): CertificateDetails {
  const certificate = new X509Certificate(certPem);
  return {
    subject: oneLine(certificate.subject),
    issuer: oneLine(certificate.issuer),
    names: namesOf(certificate.subjectAltName),
    validFrom: Date.parse(certificate.validFrom),
    validTo: Date.parse(certificate.validTo),
    fingerprint: certificate.fingerprint256,
    // checkIssued would also ask for the right to sign certificates, which a server's own lacks.
    selfSigned:
      certificate.subject === certificate.issuer && certificate.verify(certificate.publicKey),
  };
}
