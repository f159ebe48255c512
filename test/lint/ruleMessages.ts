import { ESLint } from 'eslint';

const eslint = new ESLint();

/** What one rule of Hearth's ESLint config says of `code`, linted as if it stood at `filePath`. */
export async function ruleMessages(
  ruleId: string,
  filePath: string,
  code: string,
): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}
