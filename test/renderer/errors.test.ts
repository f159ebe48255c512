import './englishWindow';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../src-renderer/src/lib/errors';

// Issue 56, point 2: the bridge's validation report is for the log; the
// person reads a plain sentence.

afterEach(() => {
  vi.restoreAllMocks();
});

describe('what the window says of a failed call', () => {
  it("says a refusal of the call's arguments in plain words, and logs the report", () => {
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const report =
      'joinOrganization: invalid arguments: ✖ Too small: expected string to have >=3 characters\n  → at email';
    // Electron's IPC wraps main's error in words of its own.
    const overIpc = `Error invoking remote method 'hearth:call:joinOrganization': BridgeArgumentError: ${report}`;

    for (const message of [report, overIpc]) {
      expect(errorText(new Error(message))).toBe(
        'Hearth could not send this form as it is. Check each field and try again.',
      );
    }
    expect(logged.mock.calls).toEqual([[report], [overIpc]]);
  });

  it("passes on the server's own words", () => {
    expect(errorText(new Error('A channel named #kitchen already exists.'))).toBe(
      'A channel named #kitchen already exists.',
    );
    expect(errorText('offline')).toBe('offline');
  });
});
