/**
 * How a language's section functions make its words, written once for English and every
 * catalogue: each function is called with the language's formats and its words kept under its
 * key; a section written in areas (`sentences`) is the areas' words spread into one.
 */
import type { Formats } from './formats.js';

type Writer = (f: Formats) => object;

/** A language's section functions by section key: one function, or one per area of the section. */
type Writers = Readonly<Record<string, Writer | Readonly<Record<string, Writer>>>>;

type Spread<A> = (A extends unknown ? (areas: A) => void : never) extends (areas: infer I) => void
  ? I
  : never;
type Said<W> = W extends Writer ? ReturnType<W> : Spread<{ [K in keyof W]: Said<W[K]> }[keyof W]>;

/** The words the functions write: a section's type, its areas' types joined. */
export type Composed<W extends Writers> = { [K in keyof W]: Said<W[K]> };

export function composeWords<W extends Writers>(writers: W, f: Formats): Composed<W> {
  const said = (writer: Writer | Readonly<Record<string, Writer>>): object =>
    typeof writer === 'function'
      ? writer(f)
      : Object.assign({}, ...Object.values(writer).map((area) => area(f)));
  return Object.fromEntries(
    Object.entries(writers).map(([key, writer]) => [key, said(writer)]),
  ) as Composed<W>;
}
