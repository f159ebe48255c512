export interface MarkdownCase {
  name: string;
  input: string;
  html: string;
  /** Users who get the `mentioned` flag; none when absent. */
  mentioned?: number[];
  wildcard?: boolean;
  /** Whether `@**topic**` notifies the topic's participants. */
  topicWildcard?: boolean;
  isMeMessage?: boolean;
}
