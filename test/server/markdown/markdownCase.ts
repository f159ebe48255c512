export interface MarkdownCase {
  name: string;
  input: string;
  html: string;
  /** Users who get the `mentioned` flag; none when absent. */
  mentioned?: number[];
  wildcard?: boolean;
  isMeMessage?: boolean;
}
