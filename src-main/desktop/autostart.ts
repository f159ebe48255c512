/** The freedesktop.org autostart entry that starts Hearth when the user logs in. */
export function autostartEntry(executable: string): string {
  // Exec quoting per the Desktop Entry spec: the path in double quotes, with \ " ` $ escaped.
  const quoted = `"${executable.replace(/["`$\\]/g, (character) => `\\${character}`)}"`;
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Hearth',
    'Comment=Team chat',
    `Exec=${quoted} --hidden`,
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}
