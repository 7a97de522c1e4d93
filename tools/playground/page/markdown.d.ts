/** Types of markdown.js (the page's Discord markdown reader), for the Node tests. */
export type MdNode =
  | { type: 'text'; text: string }
  | { type: 'br' }
  | { type: 'bold' | 'italic' | 'underline' | 'strike' | 'quote'; children: MdNode[] }
  | { type: 'code'; text: string }
  | { type: 'codeblock'; text: string }
  | { type: 'link'; url: string; children: MdNode[] }
  | { type: 'mention'; kind: 'user' | 'role' | 'channel'; id: string }
  | { type: 'time'; seconds: number; style: string }
  | { type: 'emoji'; name: string; id: string; animated: boolean };

export interface TimeOptions {
  now: number;
  timeZone?: string;
  locale?: string;
}

export function parseMarkdown(text: string): MdNode[];
export function formatTimestamp(seconds: number, style: string, options: TimeOptions): string;
export function formatMessageTime(iso: string, options: TimeOptions): string;
